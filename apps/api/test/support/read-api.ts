import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DialectFixture } from '@craftstats/persistence/testing';
import { RunningApp, bootApp, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../../src/create-api-app';
import { CACHE_EXPIRED, ControlledClock, controlClock } from './clock';
import { Ingestor, WireEvent, startIngestor } from './ingestor';

/** Filled in by `beforeAll` of the describe block that called `useReadApi`. */
export interface ReadApi {
  /** Base URL of the API booted in this process. */
  url: string;
  app: NestFastifyApplication;
  clock: ControlledClock;
  /** Only with `ingestor: true` (the default). */
  ingestor: Ingestor;
  /** Ingests through the ingestor's HTTP API, then expires the API's micro-cache. */
  ingest(events: readonly WireEvent[]): Promise<void>;
}

export interface ReadApiOptions {
  /** "Now" of the API's clock at start. */
  now: number;
  /** Extra environment of the API (e.g. MC_SERVER_ADDRESS); a function is called in beforeAll. */
  env?: Record<string, string> | (() => Record<string, string>);
  /** Start the log-ingestor process too (default true). */
  ingestor?: boolean;
}

/**
 * For one `describeEachDialect` block: the real ingestor as a process and the API in this process,
 * both on the block's database, the API's clock under the test's control.
 */
export function useReadApi(fx: DialectFixture, options: ReadApiOptions): ReadApi {
  const api = {} as ReadApi;
  let running: RunningApp | undefined;
  let ingestor: Ingestor | undefined;
  beforeAll(async () => {
    if (options.ingestor !== false) ingestor = await startIngestor(fx.db.url);
    const env = typeof options.env === 'function' ? options.env() : options.env;
    running = await bootApp('api', createApiApp, testConfig({ DATABASE_URL: fx.db.url, ...env }));
    const clock = controlClock(running.app, options.now);
    const boundIngestor = ingestor;
    Object.assign(api, {
      url: running.url,
      app: running.app,
      clock,
      ingestor,
      ingest: async (events: readonly WireEvent[]) => {
        if (boundIngestor === undefined) throw new Error('useReadApi was called with ingestor: false');
        await boundIngestor.send(events);
        clock.advance(CACHE_EXPIRED);
      },
    });
  }, 60_000);
  afterAll(async () => {
    await running?.close();
    await ingestor?.stop();
  });
  return api;
}
