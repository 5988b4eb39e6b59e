// The synthetic players of the benchmark: player n (1..N) has a nick and a uuid that SQL (the loader),
// JavaScript (generators, servers) and Lua (wrk scripts, tools/bench/lua/reads.lua) compute alike.

/** First names of the nicks, chosen by n % 20 (SQL: ELT(1 + n % 20, …)). Keep in step with reads.lua. */
export const NICK_NAMES = [
  'Pepa',
  'Honza',
  'Kuba',
  'Tonda',
  'Franta',
  'Lukas',
  'Vojta',
  'Matej',
  'Ondra',
  'Adam',
  'Tereza',
  'Anicka',
  'Bara',
  'Klara',
  'Misa',
  'Zuzka',
  'Petr',
  'Jirka',
  'Radek',
  'Standa',
];

/** A multiplicative hash of n, 0..2^32-1 (exact in doubles for n < 2^21 · 1000). */
export const hash32 = (n) => (n * 2654435761) % 4294967296;

export const nickOf = (n) => `${NICK_NAMES[n % 20]}_${n}`;

/** Version-4-looking uuid whose first group is n: the uuid index fills in order while loading. */
export const uuidOf = (n) =>
  `${n.toString(16).padStart(8, '0')}-b5e7-4c1a-9d3f-${hash32(n).toString(16).padStart(12, '0')}`;

/** The same three as SQL expressions over the integer expression `n`. */
export const sql = {
  nick: (n) => `CONCAT(ELT(1 + ${n} % 20, ${NICK_NAMES.map((name) => `'${name}'`).join(', ')}), '_', ${n})`,
  nickLower: (n) => `LOWER(${sql.nick(n)})`,
  uuid: (n) =>
    `CONCAT(LOWER(LPAD(HEX(${n}), 8, '0')), '-b5e7-4c1a-9d3f-', LOWER(LPAD(HEX((${n} * 2654435761) % 4294967296), 12, '0')))`,
  /** Uniform 0..2^32-1 per (salt, n): independent attributes use different salts. */
  hash: (salt, n) => `CRC32(CONCAT('${salt}', ${n}))`,
};
