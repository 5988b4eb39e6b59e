import { Repository } from 'typeorm';
import { GameEvent, countVotes, foldEvents } from '@craftstats/domain';
import { describeEachDialect, gameEvent, testUuid } from '../../testing';
import { TypeOrmEventStore } from '../events/event.typeorm-store';
import { inProjectionTransaction } from '../database/transactions';
import { Replay, replayFromLog } from './event-history.reader';
import { loadPlayersForUpdate } from './projection.loader';

const TZ = 'Europe/Prague';
const T0 = Date.UTC(2026, 10, 18, 12, 0, 0);
const SOURCE = 'survival';

/**
 * 24 events of player n in both logs, three per date (the window must never split a date), with
 * votes in two months so that the summed counters cross windows.
 */
function history(n: number): GameEvent[] {
  const uuid = testUuid(n);
  const nick = `Hrac_${n}`;
  const at = (k: number) => T0 + Math.floor(k / 3) * 86_400_000 * 4 + n;
  const events: GameEvent[] = [gameEvent({ action: 'ECONOMY_REGISTER', uuid, nick, date: at(0) }, at(23))];
  for (let k = 1; k < 24; k++) {
    const date = at(k);
    const kinds: Array<{ action: string } & Record<string, unknown>> = [
      { action: 'ECONOMY_CRAFTCOINS_ADD', new_value: 100 * k + n },
      { action: 'PLAYER_VOTE', site: 'craftlist.org' },
      { action: 'ACHIEVEMENT_COMPLETE', ach_id: `a${k}`, ach_name: `Úspěch ${k}`, ach_value: k },
      { action: 'PLAYER_UPDATE_LEVEL', mode: 'survival', level: k, experience: n },
    ];
    events.push(gameEvent({ ...kinds[k % kinds.length], uuid, nick, date }, at(23)));
  }
  return events;
}

describeEachDialect('replayFromLog', (fx) => {
  const players = [1, 2, 3];
  const histories = new Map(players.map((n) => [testUuid(n), history(n)]));

  beforeAll(async () => {
    const store = new TypeOrmEventStore(fx.dataSource);
    // Interleaved across players and in date order: every player's projection takes the append path.
    const all = [...histories.values()].flat().sort((a, b) => a.date - b.date);
    await store.ingest(all, { source: SOURCE, receivedAt: T0 + 100 * 86_400_000, timeZone: TZ });
  });

  /** The replays, and the uuids of the rows each read of a log returned. */
  async function replay(
    windowRows: number,
    uuids = [...histories.keys()],
  ): Promise<{ replays: Map<string, Replay>; reads: string[][] }> {
    const find = jest.spyOn(Repository.prototype, 'find');
    try {
      const replays = await inProjectionTransaction(fx.dataSource, async (manager) => {
        const stored = await loadPlayersForUpdate(manager, fx.dialect, uuids);
        return replayFromLog(manager, uuids, stored, TZ, windowRows);
      });
      const reads = await Promise.all(
        find.mock.results.map(async (r) =>
          ((await r.value) as Array<{ uuid: string }>).map((row) => row.uuid),
        ),
      );
      return { replays, reads };
    } finally {
      find.mockRestore();
    }
  }

  it('folds the logs window by window into the projection of the whole log, reading a window at a time', async () => {
    const { replays, reads } = await replay(4);

    for (const [uuid, events] of histories) {
      const whole = foldEvents(
        null,
        events.map((event) => ({ source: SOURCE, event })),
        { timeZone: TZ },
      );
      const got = replays.get(uuid);
      expect(got).toBeDefined();
      expect({ uuid, player: got?.result.player }).toEqual({ uuid, player: whole.player });
      expect({ uuid, votes: countVotes(got?.result.votes ?? []) }).toEqual({
        uuid,
        votes: countVotes(whole.votes),
      });
      expect({ uuid, events: got?.events, firstDate: got?.firstDate }).toEqual({
        uuid,
        events: events.length,
        firstDate: Math.min(...events.map((e) => e.date)),
      });
    }
    // 72 events, each read once. A window holds at most 4 rows of a log, and the other rows of its
    // last date: a player has at most 3 events per date, the players never share one, so at most 6.
    const rows = reads.map((read) => read.length);
    expect(rows.reduce((sum, n) => sum + n, 0)).toBe(72);
    expect(Math.max(...rows)).toBeLessThanOrEqual(6);
    expect(reads.length).toBeGreaterThanOrEqual(2 * Math.ceil(72 / 6));
  });

  it('never splits a date between windows, and gives the same as one window', async () => {
    const uuid = testUuid(9);
    const date = T0 + 50 * 86_400_000;
    // Seven events of one millisecond: the history orders them by id, whatever the window size.
    const burst = Array.from({ length: 7 }, (_, k) =>
      gameEvent({ action: 'ECONOMY_CRAFTCOINS_ADD', uuid, nick: 'Davka', new_value: 10 + k, date }, date),
    );
    await new TypeOrmEventStore(fx.dataSource).ingest(burst, {
      source: SOURCE,
      receivedAt: date,
      timeZone: TZ,
    });

    // With the other players' logs, which end before the burst.
    const small = await replay(2, [...histories.keys(), uuid]);
    const large = await replay(10_000, [...histories.keys(), uuid]);
    const whole = foldEvents(
      null,
      burst.map((event) => ({ source: SOURCE, event })),
      { timeZone: TZ },
    );
    expect(small.replays.get(uuid)?.result.player).toEqual(whole.player);
    expect(large.replays.get(uuid)?.result.player).toEqual(whole.player);
    // The burst's date is read in one window: all seven rows by the same read.
    const burstReads = small.reads.map((read) => read.filter((u) => u === uuid).length).filter((n) => n > 0);
    expect(burstReads).toEqual([7]);
  });
});
