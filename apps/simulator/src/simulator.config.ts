import {
  type Env,
  demoConfig,
  httpUrl,
  integer,
  optionalSecret,
  required,
  staffRankIds,
} from '@craftstats/platform/config';

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

/** Reads the simulator's variables through the shared parsers (ConfigError names the variable). */
export function loadSimulatorConfig(
  env: Env,
  randomSeed: () => number = () => Math.floor(Math.random() * 2 ** 31),
): SimulatorConfig {
  const demo = demoConfig(env);
  return {
    ingestUrl: httpUrl(env, 'INGEST_URL'),
    ingestToken: required(env, 'INGEST_TOKEN', 'a token of INGEST_TOKENS'),
    apiUrl: httpUrl(env, 'API_URL'),
    adminKey: optionalSecret(env, 'ADMIN_KEY'),
    staffNick: demo.staffNick,
    staffPassword: optionalSecret(env, 'DEMO_STAFF_PASSWORD'),
    statusPort: demo.statusPort,
    staffRankIds: staffRankIds(env),
    seed: integer(env, 'SIMULATOR_SEED', randomSeed(), 0, 2 ** 31 - 1),
    tickMs: { min: 1000, max: 2000 },
  };
}
