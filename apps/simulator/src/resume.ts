import { type ApiClient, isApiError } from '@craftstats/contracts';
import { type Log, errorText } from './log';
import type { Simulation } from './simulation/simulation';
import { abortableSleep } from './sleep';

/** Waits until the API answers `GET /health/ready` with 200 (it migrates the database first). */
export async function waitForApi(
  apiUrl: string,
  log: Log,
  signal: AbortSignal,
  sleep = abortableSleep,
): Promise<boolean> {
  for (let attempt = 1; !signal.aborted; attempt++) {
    try {
      const res = await fetch(`${apiUrl}/health/ready`, {
        signal: AbortSignal.any([signal, AbortSignal.timeout(5000)]),
      });
      await res.arrayBuffer();
      if (res.status === 200) return true;
    } catch {
      // not listening yet
    }
    if (attempt % 20 === 0)
      log('warn', 'waiting for the API to become ready', { url: `${apiUrl}/health/ready`, attempt });
    await sleep(500, signal);
  }
  return false;
}

/**
 * Loads what an earlier run of the demo left in the database (profiles of the pool's players, the
 * event points leaderboard and the staff list) into the simulation, so balances continue instead of restarting at zero.
 * Returns how many players were resumed; any failure just means starting fresh.
 */
export async function resumeFromApi(
  simulation: Simulation,
  api: Pick<ApiClient, 'playerByUuid' | 'leaderboard' | 'staffList'>,
  log: Log,
  signal: AbortSignal,
): Promise<number> {
  let resumed = 0;
  try {
    const eventPoints = new Map(
      (await api.leaderboard('event-points', { signal })).map((e) => [e.uuid, e.value]),
    );
    const ranks = new Map((await api.staffList({ signal })).map((s) => [s.uuid, s.rank]));
    for (const player of simulation.players) {
      try {
        const profile = await api.playerByUuid(player.uuid, { signal });
        simulation.resume(profile, {
          eventPoints: eventPoints.get(player.uuid),
          rank: ranks.get(player.uuid),
        });
        resumed++;
      } catch (error) {
        if (!isApiError(error) || error.code !== 'PLAYER_NOT_FOUND') throw error;
      }
    }
  } catch (error) {
    if (!signal.aborted)
      log('warn', 'could not load the earlier demo state, starting fresh', { error: errorText(error) });
  }
  if (resumed > 0) log('info', 'continuing the earlier demo', { players: resumed });
  return resumed;
}
