import { createApiClient, createIngestClient } from '@craftstats/contracts';
import { ConfigError } from '@craftstats/platform/config';
import { flushLogger } from '@craftstats/platform/logging';
import { isSupervised, stopWhenSupervisorSays } from '@craftstats/platform/process';
import { EventPump } from './event-pump';
import { createFavicon } from './favicon';
import { createSimulatorLogger, errorText, logTo } from './log';
import { resumeFromApi, waitForApi } from './resume';
import { MAX_PLAYERS, Simulation } from './simulation/simulation';
import { loadSimulatorConfig } from './simulator.config';
import { registerDemoStaff } from './staff-account';
import { type StatusResponder, startStatusResponder } from './status-responder';

const logger = (() => {
  try {
    return createSimulatorLogger();
  } catch (error) {
    // A bad LOG_LEVEL/LOG_FORMAT: no log format yet, one plain line on stderr (as the apps do).
    process.stderr.write(`simulator: ${errorText(error)}\n`);
    return process.exit(78);
  }
})();

/**
 * The demo game-server simulator, started by `npm start` in demo mode: posts realistic events
 * through the real ingestion endpoint, sets the demo staff member's password through the API and
 * answers Server List Pings with the simulated player count. SIGTERM/SIGINT (or, under `npm start`,
 * the supervisor's shutdown message): the players quit, the remaining events are delivered (for at
 * most 10 s), the responder closes. Resolves with the exit code.
 */
async function main(): Promise<number> {
  const log = logTo(logger);
  let config;
  try {
    config = loadSimulatorConfig(process.env);
  } catch (error) {
    if (!(error instanceof ConfigError)) throw error;
    log('fatal', error.message, { variable: error.variable });
    return 78; // EX_CONFIG, as the apps do
  }

  const stop = new AbortController();
  if (isSupervised()) {
    // Under `npm start` only the supervisor stops the simulator (first, while the apps still run).
    stopWhenSupervisorSays(() => {
      log('info', 'stopping', { by: 'supervisor' });
      stop.abort();
    });
  } else {
    for (const signal of ['SIGTERM', 'SIGINT'] as const) {
      process.once(signal, () => {
        log('info', 'stopping', { signal });
        stop.abort();
      });
    }
  }

  const simulation = new Simulation({
    seed: config.seed,
    staffNick: config.staffNick,
    staffRankIds: config.staffRankIds,
  });
  let responder: StatusResponder | null = null;
  try {
    responder = await startStatusResponder({
      host: '127.0.0.1',
      port: config.statusPort,
      online: () => simulation.onlineCount(),
      maxPlayers: MAX_PLAYERS,
      motd: 'CraftStats – ukázkový herní server',
      favicon: createFavicon(),
    });
    log('info', 'answering Server List Pings', { address: `127.0.0.1:${responder.port}` });
  } catch (error) {
    log('error', 'cannot answer Server List Pings, /server/playercount will report offline', {
      port: config.statusPort,
      error: errorText(error),
    });
  }

  const api = createApiClient({ baseUrl: config.apiUrl, timeoutMs: 5000 });
  const ingest = createIngestClient({
    baseUrl: config.ingestUrl,
    token: config.ingestToken,
    timeoutMs: 10_000,
  });
  // The ingestor runs until the simulator has stopped, so the last delivery may take its time.
  const pump = new EventPump(simulation, ingest, { log, tickMs: config.tickMs, closeTimeoutMs: 10_000 });

  if (await waitForApi(config.apiUrl, log, stop.signal))
    await resumeFromApi(simulation, api, log, stop.signal);
  log('info', 'simulating', {
    players: simulation.players.length,
    seed: config.seed,
    staffNick: config.staffNick,
  });

  let staffAccount: Promise<boolean> = Promise.resolve(false);
  if (await pump.open(stop.signal)) {
    if (config.adminKey !== null && config.staffPassword !== null) {
      staffAccount = registerDemoStaff(api, {
        username: config.staffNick,
        password: config.staffPassword,
        adminKey: config.adminKey,
        log,
        signal: stop.signal,
      });
    } else {
      log('warn', 'ADMIN_KEY or DEMO_STAFF_PASSWORD not set: the demo staff member gets no password');
    }
    await pump.run(stop.signal);
  }

  await staffAccount;
  await pump.close();
  await responder?.close();
  log('info', 'stopped', { delivered: pump.deliveredCount(), undelivered: pump.pendingCount() });
  return 0;
}

// Every exit writes the log lines still buffered first.
const exit = (code: number) => flushLogger(logger, () => process.exit(code));

main().then(
  (code) => exit(code),
  (error: unknown) => {
    logger.fatal({ err: error, error: errorText(error) }, 'simulator failed');
    exit(1);
  },
);
