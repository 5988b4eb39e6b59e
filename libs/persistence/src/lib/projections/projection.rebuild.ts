import { DataSource, EntityManager, In } from 'typeorm';
import { COMMUNITY_TIME_ZONE } from '@craftstats/contracts';
import { ECONOMY_TYPES, FoldResult, PlayerProjection, countVotes, nickKey } from '@craftstats/domain';
import { dialectOf } from '../database/data-source';
import { chunk, quoteIdentifier } from '../database/sql-dialect';
import { inProjectionTransaction } from '../database/transactions';
import { PlayerBalanceEntity } from '../leaderboards/player-balance.entity';
import { VoteCountEntity } from '../leaderboards/vote-count.entity';
import { AchievementLogEntity } from '../logs/achievement-log.entity';
import { EconomyLogEntity } from '../logs/economy-log.entity';
import { PlayerEntity } from '../players/player.entity';
import { PlayerMapper } from '../players/player.mapper';
import { CounterEntity } from '../stats/counter.entity';
import { REGISTERED_PLAYERS_COUNTER } from '../stats/counter.names';
import { replayFromLog } from './event-history.reader';
import { StoredPlayer, loadPlayersForUpdate } from './projection.loader';
import { ProjectionWrite, ProjectionWriter } from './projection.writer';

/** The tables a rebuild recomputes (and `verify` compares). */
export type ProjectionTable = 'players' | 'player_balances' | 'vote_counts' | 'counters';

/** One difference between what is stored and what the log gives. */
export interface ProjectionDrift {
  table: ProjectionTable;
  /** The player concerned; null for the global registered-players counter. */
  uuid: string | null;
  /** Column, currency, `period/key` or session, with the stored and the expected value. */
  detail: string;
}

export interface RebuildProgress {
  /** Players done so far, of `total`. */
  done: number;
  total: number;
  /** Log events read so far. */
  events: number;
}

export interface RebuildOptions {
  /** Only compare and report; write nothing. */
  verify?: boolean;
  /** The community's time zone (`TZ_COMMUNITY`), which vote months and weeks follow. */
  timeZone?: string;
  /** Called after each chunk of players. */
  onProgress?: (progress: RebuildProgress) => void;
  /** Only these players (any uuid form is not accepted: dashed lower-case); default every player in the log. */
  playerUuids?: readonly string[];
  /** Players per transaction; default 200. */
  chunkSize?: number;
}

export interface RebuildReport {
  /** Players whose log was replayed. */
  players: number;
  /** Log events read. */
  events: number;
  /** Differences found (and, unless `verify`, repaired), at most `MAX_REPORTED_DRIFT` listed. */
  drift: ProjectionDrift[];
  /** How many differences there were in all. */
  driftCount: number;
  /** Players whose stored projection differed (rewritten unless `verify`). */
  playersWithDrift: number;
}

export const MAX_REPORTED_DRIFT = 1000;

/** Every uuid the logs mention, sorted. */
async function loggedUuids(dataSource: DataSource): Promise<string[]> {
  const uuids = new Set<string>();
  for (const entity of [EconomyLogEntity, AchievementLogEntity]) {
    const rows: Array<{ uuid: string }> = await dataSource
      .getRepository(entity)
      .createQueryBuilder('log')
      .select('DISTINCT log.uuid', 'uuid')
      .getRawMany();
    for (const row of rows) uuids.add(row.uuid);
  }
  return [...uuids].sort();
}

function rowDiffs(stored: PlayerProjection, expected: PlayerProjection): string[] {
  const a = PlayerMapper.toPersistence(stored, 0) as unknown as Record<string, unknown>;
  const b = PlayerMapper.toPersistence(expected, 0) as unknown as Record<string, unknown>;
  return Object.keys(b)
    .filter((key) => a[key] !== b[key])
    .map((key) => `${key}: ${JSON.stringify(a[key])} ≠ ${JSON.stringify(b[key])}`);
}

function setDiffs(stored: Map<string, string>, expected: Map<string, string>): string[] {
  const out: string[] = [];
  for (const key of new Set([...stored.keys(), ...expected.keys()])) {
    const a = stored.get(key) ?? 'none';
    const b = expected.get(key) ?? 'none';
    if (a !== b) out.push(`${key}: ${a} ≠ ${b}`);
  }
  return out.sort();
}

/** Compares one player's stored tables with the replay of its log. */
async function compare(
  manager: EntityManager,
  players: ReadonlyArray<{ uuid: string; stored: StoredPlayer | undefined; expected: FoldResult }>,
): Promise<ProjectionDrift[]> {
  const ids = players.flatMap((p) => (p.stored ? [p.stored.id] : []));
  const votes = ids.length
    ? await manager.getRepository(VoteCountEntity).find({ where: { playerId: In(ids) } })
    : [];
  const balances = ids.length
    ? await manager.getRepository(PlayerBalanceEntity).find({ where: { playerId: In(ids) } })
    : [];
  const drift: ProjectionDrift[] = [];
  for (const { uuid, stored, expected } of players) {
    const add = (table: ProjectionTable, details: string[]) =>
      drift.push(...details.map((detail) => ({ table, uuid, detail })));
    if (stored === undefined) {
      add('players', ['row missing']);
      continue;
    }
    const id = stored.id;
    const nick = nickKey(expected.player.nick);
    add('players', rowDiffs(stored.projection, expected.player));
    add(
      'player_balances',
      setDiffs(
        new Map(
          balances
            .filter((b) => b.playerId === id)
            .map((b) => [b.currency, `${b.amount}@${b.asOf} sort ${b.sortKey} ${b.nickLower}`]),
        ),
        new Map(
          ECONOMY_TYPES.filter((t) => expected.player.balances[t].asOf !== 0).map((t) => {
            const { amount, asOf } = expected.player.balances[t];
            return [t, `${amount}@${asOf} sort ${-amount} ${nick}`];
          }),
        ),
      ),
    );
    add(
      'vote_counts',
      setDiffs(
        new Map(
          votes
            .filter((v) => v.playerId === id)
            .map((v) => [`${v.period}/${v.periodKey}`, `${v.votes} sort ${v.sortKey} ${v.nickLower}`]),
        ),
        new Map(
          countVotes(expected.votes).map((v) => [
            `${v.period}/${v.key}`,
            `${v.votes} sort ${-v.votes} ${nick}`,
          ]),
        ),
      ),
    );
  }
  return drift;
}

/**
 * Rebuilds the projections (players, balances, vote counters and the registered-players
 * counter) from the event log, or with `verify` only reports where they differ from it.
 *
 * Players are processed in chunks, each in its own transaction that locks the chunk's player rows
 * first, exactly as the ingestor does: an event committed before the lock is in the log read, one
 * committed after it is applied by the ingestor on top of the rebuilt row, so it is safe while
 * ingestors run. Rows of players the log never mentions are left alone (a log cannot tell anything
 * about them). Both dialects.
 */
export async function rebuildProjections(
  dataSource: DataSource,
  options: RebuildOptions = {},
): Promise<RebuildReport> {
  const timeZone = options.timeZone ?? COMMUNITY_TIME_ZONE;
  const dialect = dialectOf(dataSource);
  const writer = new ProjectionWriter(dialect);
  const uuids = options.playerUuids
    ? [...new Set(options.playerUuids)].sort()
    : await loggedUuids(dataSource);
  const report: RebuildReport = { players: 0, events: 0, drift: [], driftCount: 0, playersWithDrift: 0 };
  const record = (drift: readonly ProjectionDrift[]) => {
    report.driftCount += drift.length;
    report.drift.push(...drift.slice(0, Math.max(0, MAX_REPORTED_DRIFT - report.drift.length)));
  };

  for (const part of chunk(uuids, options.chunkSize ?? 200)) {
    const outcome = await inProjectionTransaction(dataSource, async (manager) => {
      const stored = await loadPlayersForUpdate(manager, dialect, part);
      const replays = await replayFromLog(manager, part, stored, timeZone);
      let events = 0;
      const players = part.flatMap((uuid) => {
        const replay = replays.get(uuid);
        if (replay === undefined) return [];
        events += replay.events;
        return [{ uuid, stored: stored.get(uuid), expected: replay.result, replay }];
      });
      const drift = await compare(manager, players);
      const drifted = new Set(drift.map((d) => d.uuid));
      if (!options.verify) {
        const writes: ProjectionWrite[] = players
          .filter((p) => drifted.has(p.uuid))
          .map((p) => ({
            id: p.stored?.id ?? null,
            before: p.stored?.projection ?? null,
            after: p.expected,
            replace: true,
            // A player the rebuild creates: the earliest event date (receipt times are not replayed).
            createdAt: p.stored?.createdAt ?? p.replay.firstDate,
          }));
        await writer.write(manager, writes);
      }
      return { players: players.length, events, drift, drifted: drifted.size };
    });
    report.players += outcome.players;
    report.events += outcome.events;
    report.playersWithDrift += outcome.drifted;
    record(outcome.drift);
    options.onProgress?.({
      done: Math.min(uuids.length, report.players),
      total: uuids.length,
      events: report.events,
    });
  }

  if (!options.playerUuids) record(await checkRegisteredCounter(dataSource, !options.verify));
  return report;
}

/**
 * The registered-players counter must equal the registered player rows. One statement reads both, so
 * a registration committing meanwhile cannot make them disagree; with `repair` the counter is set to
 * the count in one statement.
 */
async function checkRegisteredCounter(dataSource: DataSource, repair: boolean): Promise<ProjectionDrift[]> {
  const counters = dataSource.getRepository(CounterEntity).metadata.tableName;
  const players = dataSource.getRepository(PlayerEntity).metadata.tableName;
  const q = (name: string) => quoteIdentifier(dialectOf(dataSource), name);
  const count = `(SELECT COUNT(*) FROM ${q(players)} WHERE ${q('registred')} <> 0)`;
  const rows: Array<{ counter: string | number | null; registered: string | number }> =
    await dataSource.query(
      `SELECT (SELECT ${q('value')} FROM ${q(counters)} WHERE ${q('name')} = ?) AS counter, ${count} AS registered`,
      [REGISTERED_PLAYERS_COUNTER],
    );
  const counter = Number(rows[0]?.counter ?? 0);
  const registered = Number(rows[0]?.registered ?? 0);
  if (counter === registered) return [];
  if (repair) {
    await inProjectionTransaction(dataSource, async (manager) => {
      await manager.query(`DELETE FROM ${q(counters)} WHERE ${q('name')} = ?`, [REGISTERED_PLAYERS_COUNTER]);
      await manager.query(
        `INSERT INTO ${q(counters)} (${q('name')}, ${q('value')}) SELECT ?, COUNT(*) FROM ${q(players)} WHERE ${q('registred')} <> 0`,
        [REGISTERED_PLAYERS_COUNTER],
      );
    });
  }
  return [
    { table: 'counters', uuid: null, detail: `${REGISTERED_PLAYERS_COUNTER}: ${counter} ≠ ${registered}` },
  ];
}
