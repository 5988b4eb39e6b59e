/** The simulator's configuration, from the environment tools/start.mjs gives it in demo mode. */
export interface SimulatorConfig {
  ingestUrl: string;
  ingestToken: string;
  apiUrl: string;
  /** null: the demo staff member's password is not set (logged). */
  adminKey: string | null;
  staffNick: string;
  staffPassword: string | null;
  /** Port of the Server List Ping responder on 127.0.0.1. */
  statusPort: number;
  staffRankIds: string[];
  /** Seed of the simulated activity. */
  seed: number;
  /** Pause between two ticks, ms (a random value in this range). */
  tickMs: { min: number; max: number };
}

/** The API's default STAFF_RANK_IDS (SPEC §2), used when the variable is unset. */
export const DEFAULT_STAFF_RANK_IDS = ['10', '11', '12', '13', '14', '15'];

export class SimulatorConfigError extends Error {
  constructor(
    readonly variable: string,
    problem: string,
  ) {
    super(`Invalid configuration: ${variable} ${problem}`);
    this.name = 'SimulatorConfigError';
  }
}

type Env = Record<string, string | undefined>;

const read = (env: Env, name: string): string | undefined => {
  const value = env[name]?.trim();
  return value === undefined || value === '' ? undefined : value;
};

function url(env: Env, name: string): string {
  const value = read(env, name);
  if (value === undefined) throw new SimulatorConfigError(name, 'is required (an http:// or https:// URL)');
  try {
    const parsed = new URL(value);
    if (parsed.protocol === 'http:' || parsed.protocol === 'https:') return value.replace(/\/+$/, '');
  } catch {
    // reported below
  }
  throw new SimulatorConfigError(name, `must be an http:// or https:// URL, got "${value}"`);
}

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const value = read(env, name);
  if (value === undefined) return fallback;
  if (!/^\d+$/.test(value) || Number(value) < min || Number(value) > max) {
    throw new SimulatorConfigError(name, `must be an integer from ${min} to ${max}, got "${value}"`);
  }
  return Number(value);
}

export function loadSimulatorConfig(
  env: Env,
  randomSeed: () => number = () => Math.floor(Math.random() * 2 ** 31),
): SimulatorConfig {
  const ingestToken = read(env, 'INGEST_TOKEN');
  if (ingestToken === undefined) throw new SimulatorConfigError('INGEST_TOKEN', 'is required');

  const staffNick = read(env, 'DEMO_STAFF_NICK') ?? 'Spravce_Demo';
  if (!/^[A-Za-z0-9_]{3,16}$/.test(staffNick)) {
    throw new SimulatorConfigError(
      'DEMO_STAFF_NICK',
      `must be a Minecraft name ([A-Za-z0-9_]{3,16}), got "${staffNick}"`,
    );
  }

  const ranks = read(env, 'STAFF_RANK_IDS');
  const staffRankIds =
    ranks === undefined ? [...DEFAULT_STAFF_RANK_IDS] : ranks.split(',').map((id) => id.trim());
  if (staffRankIds.some((id) => !/^\d{1,20}$/.test(id))) {
    throw new SimulatorConfigError('STAFF_RANK_IDS', 'must be a comma list of numeric rank ids');
  }

  return {
    ingestUrl: url(env, 'INGEST_URL'),
    ingestToken,
    apiUrl: url(env, 'API_URL'),
    adminKey: read(env, 'ADMIN_KEY') ?? null,
    staffNick,
    staffPassword: read(env, 'DEMO_STAFF_PASSWORD') ?? null,
    statusPort: integer(env, 'DEMO_STATUS_PORT', 25566, 1, 65535),
    staffRankIds,
    seed: integer(env, 'SIMULATOR_SEED', randomSeed(), 0, 2 ** 31 - 1),
    tickMs: { min: 1000, max: 2000 },
  };
}
