import http from 'node:http';
import fc from 'fast-check';

/**
 * Building blocks of the HTTP fuzzers (`apps/<app>/test/fuzz.fault-spec.ts`): arbitraries for hostile
 * requests, a sender on a real socket that does not normalise or refuse anything Node's HTTP client
 * lets through, and the envelope check every answer must pass.
 */
export interface FuzzRequest {
  method: string;
  /** Raw request target: sent as is (`..` segments, bad percent escapes, repeated parameters). */
  path: string;
  headers: Record<string, string>;
  body?: string;
}

export interface FuzzAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  body: string;
}

/** Strings a validator must survive: empty, reserved keys, traversal, NUL, numbers of every size. */
export const NASTY_WORDS = [
  '',
  ' ',
  '__proto__',
  'constructor',
  'prototype',
  'hasOwnProperty',
  'toString',
  '..',
  '../../../../etc/passwd',
  '..%2F..%2Fetc%2Fpasswd',
  '%2e%2e%2f%2e%2e%2fetc%2fpasswd',
  '%00',
  '%',
  '%E0%A4%A',
  '%C0%AE%C0%AE%2F',
  'null',
  'undefined',
  'NaN',
  'Infinity',
  '-Infinity',
  '-0',
  '0x1f',
  '1e400',
  '-1e400',
  '9007199254740993',
  '18446744073709551616',
  '9223372036854775808',
  '-9223372036854775809',
  '99999999999999999999999999999999999999',
  '1.5',
  '-1',
  "' OR 1=1 --",
  '"; DROP TABLE players; --',
  '<script>alert(1)</script>',
  'Příliš žluťoučký kůň',
  '😀🎉',
  '\u202e\u0000\uffff',
  'a'.repeat(65),
  '069a79f4-44e9-4726-a5be-fca90e38aaf5',
  '069a79f444e94726a5befca90e38aaf5',
  'Notch',
];

const bigNumber = fc.constantFrom(
  '9007199254740993',
  '18446744073709551616',
  '9223372036854775807',
  '9223372036854775808',
  '-9223372036854775809',
  '1e400',
  '-1e400',
  '1e-400',
  '123456789012345678901234567890',
  '-0',
  '0.1',
  '4294967296',
);

/** Any string, with a bias to the nasty ones, unicode, and huge ones (up to 20,000 characters). */
export const nastyString: fc.Arbitrary<string> = fc.oneof(
  { weight: 4, arbitrary: fc.constantFrom(...NASTY_WORDS) },
  { weight: 3, arbitrary: fc.string({ maxLength: 40 }) },
  { weight: 2, arbitrary: fc.string({ unit: 'binary', maxLength: 40 }) },
  { weight: 1, arbitrary: bigNumber },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('a', 'é', '😀', '\u0000', '%', '/', '.'), fc.integer({ min: 100, max: 20_000 }))
      .map(([c, n]) => c.repeat(n)),
  },
);

/** JSON number literals beyond what a double or a BIGINT holds, plus ordinary ones. */
export const nastyNumberLiteral: fc.Arbitrary<string> = fc.oneof(
  bigNumber,
  fc.integer().map(String),
  fc.double({ noNaN: true, noDefaultInfinity: true }).map((n) => JSON.stringify(n)),
  fc.constantFrom('0', '1', '-1', '2147483648', '1700000000000'),
);

const KEYS = [
  '__proto__',
  'constructor',
  'prototype',
  'polluted',
  'events',
  'id',
  'action',
  'uuid',
  'nick',
  'server',
  'sender',
  'date',
  'old_value',
  'new_value',
  'site',
  'ach_id',
  'ach_name',
  'ach_value',
  'mode',
  'level',
  'experience',
  'username',
  'password',
  'adminKey',
];

/** JSON text (not a value: `__proto__` keys and out-of-range numbers are written verbatim). */
export const jsonText: fc.Arbitrary<string> = fc.letrec<{
  value: string;
  leaf: string;
  array: string;
  object: string;
}>((tie) => ({
  value: fc.oneof({ depthSize: 'small' }, tie('leaf'), tie('array'), tie('object')),
  leaf: fc.oneof(
    nastyNumberLiteral,
    nastyString.map((s) => JSON.stringify(s)),
    fc.constantFrom('true', 'false', 'null', '{}', '[]'),
  ),
  array: fc.array(tie('value'), { maxLength: 4 }).map((items) => `[${items.join(',')}]`),
  object: fc
    .array(fc.tuple(fc.oneof(fc.constantFrom(...KEYS), fc.string({ maxLength: 12 })), tie('value')), {
      maxLength: 5,
    })
    .map((pairs) => `{${pairs.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`),
})).value;

/** Prototype-pollution payloads aimed at every object the apps build from input. */
export const POLLUTION_BODIES = [
  '{"__proto__":{"polluted":"yes"}}',
  '{"constructor":{"prototype":{"polluted":"yes"}}}',
  '{"events":[{"__proto__":{"polluted":"yes"},"id":"p1","action":"PLAYER_VOTE"}]}',
  '{"events":{"__proto__":{"polluted":"yes"},"length":1}}',
  '{"username":"x","password":"y","__proto__":{"polluted":"yes","isAdmin":true}}',
  '{"adminKey":{"__proto__":{"polluted":"yes"}},"username":"x","password":"y"}',
];

/** Bodies of every kind: random JSON, pollution, deep nesting, invalid JSON, empty, oversized. */
export const nastyBody: fc.Arbitrary<string | undefined> = fc.oneof(
  { weight: 6, arbitrary: jsonText },
  { weight: 2, arbitrary: fc.constantFrom(...POLLUTION_BODIES) },
  {
    weight: 1,
    arbitrary: fc
      .tuple(fc.constantFrom('[', '{"a":'), fc.integer({ min: 100, max: 20_000 }))
      .map(([open, n]) => open.repeat(n) + (open === '[' ? ']' : '}').repeat(n)),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(undefined, '', 'not json', '{"a":', '\u0000', 'null', '[]', '"x"', '1'),
  },
  {
    weight: 1,
    arbitrary: fc.constantFrom(17 * 1024, 1024 * 1024 + 1).map((n) => `{"pad":"${'x'.repeat(n)}"}`),
  },
);

/** Query strings with repeated, nested-looking and reserved parameters. */
export function queryString(names: readonly string[]): fc.Arbitrary<string> {
  return fc
    .array(
      fc.tuple(
        fc.oneof(
          fc.constantFrom(
            ...names,
            '__proto__',
            'constructor',
            '__proto__[polluted]',
            'constructor[prototype][polluted]',
          ),
          fc.string({ maxLength: 8 }),
        ),
        nastyString,
        fc.boolean(),
      ),
      { maxLength: 6 },
    )
    .map((params) =>
      params.length === 0
        ? ''
        : `?${params.map(([k, v, raw]) => `${toTarget(k, raw)}=${toTarget(v.slice(0, 2000), raw)}`).join('&')}`,
    );
}

/**
 * A path or query component: percent-encoded, or "raw" — then only what cannot be sent is escaped,
 * so `..`, `%`, `/` and bad escapes reach the server as written.
 */
export function toTarget(text: string, raw: boolean): string {
  if (!raw) return encodeURIComponent(text);
  return Buffer.from(text, 'utf8')
    .toString('latin1')
    .replace(
      /[^\u0021-\u00ff]|[#?&=]/g,
      (c) => `%${c.charCodeAt(0).toString(16).padStart(2, '0').toUpperCase()}`,
    );
}

export const METHODS = [
  'GET',
  'POST',
  'PUT',
  'DELETE',
  'PATCH',
  'OPTIONS',
  'HEAD',
  'TRACE',
  'PROPFIND',
  'FOO',
];

/** Header values a client may send: bytes of UTF-8 text as latin1, without CR/LF/NUL. */
export function headerValue(text: string): string {
  return Buffer.from(text, 'utf8')
    .toString('latin1')
    .replace(/[^\t\u0020-\u007e\u0080-\u00ff]/g, '?')
    .slice(0, 4000);
}

/** Tokens of every sort: valid ones given by the test, tampered, `alg: none`, junk, huge. */
export function tokenHeaders(validTokens: readonly string[]): fc.Arbitrary<Record<string, string>> {
  const b64 = (o: unknown) => Buffer.from(JSON.stringify(o)).toString('base64url');
  const algNone = `${b64({ alg: 'none', typ: 'JWT' })}.${b64({ sub: 'x', rank: '15', iat: 1, exp: 9e15 })}.`;
  const token = fc.oneof(
    fc.constantFrom(...validTokens, algNone, 'null', '', 'Bearer', 'a.b.c', '...'),
    ...(validTokens.length > 0
      ? [fc.tuple(fc.constantFrom(...validTokens), fc.nat(40)).map(([t, i]) => t.slice(0, -1 - i) + 'x')]
      : []),
    nastyString.map(headerValue),
  );
  return fc.oneof(
    fc.constant({}),
    token.map((t) => ({ authorization: `Bearer ${t}` })),
    token.map((t) => ({ 'x-access-token': t })),
    fc
      .tuple(fc.constantFrom('Basic', 'bearer', 'Token', ''), token)
      .map(([s, t]) => ({ authorization: `${s} ${t}` })),
  );
}

/** Odd headers: content types, conditional requests, forwarded-for, reserved header names. */
export const oddHeaders: fc.Arbitrary<Record<string, string>> = fc
  .record(
    {
      'content-type': fc.constantFrom(
        'application/json',
        'application/json; charset=utf-8',
        'application/json; charset=utf-16',
        'text/plain',
        'application/x-www-form-urlencoded',
        'multipart/form-data; boundary=x',
        'application/octet-stream',
        '*/*',
        'json',
        '',
      ),
      accept: fc.constantFrom('*/*', 'text/html', 'application/xml', '', 'application/json;q=0'),
      'if-none-match': nastyString.map(headerValue),
      'x-forwarded-for': nastyString.map(headerValue),
      'accept-encoding': fc.constantFrom('gzip', 'br', 'identity', 'x-unknown', '*;q=0'),
      ['__proto__']: nastyString.map(headerValue),
      constructor: nastyString.map(headerValue),
      cookie: nastyString.map(headerValue),
    },
    { requiredKeys: [] },
  )
  .map((headers) => {
    // fc.record may set an own `__proto__` property; copy into a plain object with defineProperty
    // semantics so the header really is sent under that name.
    const out: Record<string, string> = Object.create(null) as Record<string, string>;
    for (const key of Object.keys(headers)) out[key] = (headers as Record<string, string>)[key] ?? '';
    return out;
  });

/** One connection per request: a refused request never leaves a half-read socket for the next one. */
const agent = new http.Agent({ keepAlive: false, maxSockets: 16 });

/** Sends one request over a real socket and collects the whole answer (60 s at most). */
export function sendRaw(baseUrl: string, request: FuzzRequest): Promise<FuzzAnswer> {
  const url = new URL(baseUrl);
  return new Promise((resolve, reject) => {
    const headers: Record<string, string> = {};
    for (const key of Object.keys(request.headers)) headers[key] = request.headers[key] ?? '';
    const req = http.request(
      {
        agent,
        host: url.hostname,
        port: url.port,
        method: request.method,
        path: request.path,
        headers,
        timeout: 60_000,
      },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            headers: res.headers,
            body: Buffer.concat(chunks).toString('utf8'),
          }),
        );
        res.on('error', reject);
      },
    );
    req.on('timeout', () => req.destroy(new Error(`no answer in 60 s: ${request.method} ${request.path}`)));
    req.on('error', reject);
    req.end(request.body === undefined ? undefined : Buffer.from(request.body, 'utf8'));
  });
}

export interface EnvelopeRules {
  /** Paths answering `{ success, message }` (the account endpoints), matched on the path without query. */
  accountPaths?: readonly string[];
}

/**
 * What is wrong with an answer, or null: never a 5xx; every error is `{ status, error, message }`
 * (status = the HTTP status, a CODE, a non-empty message) or, on the account endpoints,
 * `{ success: false, message }`; a JSON success carrying `status` carries the HTTP status; no stack trace.
 */
export function envelopeProblem(
  request: FuzzRequest,
  answer: FuzzAnswer,
  rules: EnvelopeRules = {},
): string | null {
  if (answer.status >= 500) return `answered ${answer.status}: ${answer.body.slice(0, 300)}`;
  if (/\n\s+at .+:\d+:\d+|node_modules\//.test(answer.body)) return `stack trace in the answer`;
  if (request.method === 'HEAD' || answer.status === 304 || answer.status === 204) return null;
  const json = /application\/json/.test(String(answer.headers['content-type']));
  if (answer.status >= 400) {
    if (!json) return `error ${answer.status} is not JSON (${String(answer.headers['content-type'])})`;
    let body: Record<string, unknown>;
    try {
      body = JSON.parse(answer.body) as Record<string, unknown>;
    } catch {
      return `error ${answer.status} with invalid JSON: ${answer.body.slice(0, 200)}`;
    }
    const pathOnly = request.path.split('?')[0] ?? '';
    const keys = Object.keys(body).sort().join(',');
    if (rules.accountPaths?.includes(pathOnly) && keys === 'message,success') {
      return body['success'] === false && typeof body['message'] === 'string' && body['message'] !== ''
        ? null
        : `bad account envelope: ${answer.body.slice(0, 200)}`;
    }
    if (
      keys !== 'error,message,status' ||
      body['status'] !== answer.status ||
      typeof body['error'] !== 'string' ||
      !/^[A-Z][A-Z0-9_]*$/.test(body['error']) ||
      typeof body['message'] !== 'string' ||
      body['message'] === ''
    ) {
      return `not the error envelope: ${answer.status} ${answer.body.slice(0, 300)}`;
    }
    return null;
  }
  if (json) {
    try {
      const body = JSON.parse(answer.body) as Record<string, unknown>;
      // `{ status: 200, data }`; the health checks answer `{ status: 'ok' }` (a word, not a code).
      if (
        body !== null &&
        typeof body === 'object' &&
        typeof body['status'] === 'number' &&
        body['status'] !== answer.status
      ) {
        return `envelope status ${String(body['status'])} on HTTP ${answer.status}`;
      }
    } catch {
      return `invalid JSON on ${answer.status}`;
    }
  }
  return null;
}

/** Own property names of Object.prototype, to compare before and after a fuzz run. */
export function prototypeSnapshot(): string[] {
  return Object.getOwnPropertyNames(Object.prototype).sort();
}

/**
 * Runs a fast-check property over batches of requests, each batch sent concurrently, and fails with
 * a short report (method, the first 200 characters of the path, what was wrong) instead of printing
 * megabytes of counterexample. No shrinking: the report already names the offending request.
 */
export async function fuzzHttp(
  baseUrl: string,
  request: fc.Arbitrary<FuzzRequest>,
  options: { runs: number; perRun: number; rules?: EnvelopeRules; seed?: number },
): Promise<{ sent: number; statuses: Record<number, number> }> {
  let sent = 0;
  const statuses: Record<number, number> = {};
  const failures: string[] = [];
  const details = await fc.check(
    fc.asyncProperty(
      fc.array(request, { minLength: options.perRun, maxLength: options.perRun }),
      async (requests) => {
        const answers = await Promise.all(
          requests.map((r) =>
            sendRaw(baseUrl, r).catch((error: unknown) => ({ status: -1, headers: {}, body: String(error) })),
          ),
        );
        sent += requests.length;
        const problems: string[] = [];
        requests.forEach((r, i) => {
          const answer = answers[i] ?? { status: -1, headers: {}, body: 'no answer' };
          statuses[answer.status] = (statuses[answer.status] ?? 0) + 1;
          const problem =
            answer.status === -1 ? `no answer: ${answer.body}` : envelopeProblem(r, answer, options.rules);
          if (problem !== null)
            problems.push(
              `${r.method} ${r.path.slice(0, 200)}${r.body === undefined ? '' : ` body ${r.body.slice(0, 120)}`}: ${problem}`,
            );
        });
        failures.push(...problems);
        return problems.length === 0;
      },
    ),
    {
      numRuns: options.runs,
      endOnFailure: true,
      ...(options.seed === undefined ? {} : { seed: options.seed }),
    },
  );
  if (details.failed) {
    throw new Error(`fuzzing failed (seed ${details.seed}):\n${failures.slice(0, 10).join('\n')}`);
  }
  return { sent, statuses };
}
