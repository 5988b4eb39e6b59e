import { execFile, spawn } from 'node:child_process';
import { promisify } from 'node:util';
import { createIngestClient, type IngestEvent } from '@craftstats/contracts';
import { AppProcess, MariaDbServer } from '@craftstats/platform/testing';
import {
  SERVERS,
  createDatabase,
  rebuildVerify,
  startIngestor,
  storedEventIds,
  waitFor,
  workload,
} from './support/stack';

const run = promisify(execFile);
const T0 = Date.UTC(2026, 9, 20, 10, 0, 0);
const TOTAL = 20_000;
const BATCH = 250;
/** The ingestor is killed with SIGKILL each time this many more batches were acknowledged. */
const KILL_EVERY = 20;

describe('kill -9 of the log ingestor while 20,000 events are being posted, then a backup restored', () => {
  let server: MariaDbServer;
  let ingestor: AppProcess | undefined;
  beforeAll(async () => {
    server = await MariaDbServer.start();
  });
  afterAll(async () => {
    await ingestor?.stop();
    await server?.destroy();
  });

  it('keeps every acknowledged event, stores nothing twice, and its projections pass `npm run rebuild -- --verify`', async () => {
    const url = await createDatabase(server, 'craftstats');
    ingestor = await startIngestor(url);
    const port = new URL(ingestor.url).port;
    const events = workload('kill', 400, TOTAL / 400, T0);
    expect(events).toHaveLength(TOTAL);

    // Four game servers, each sending its quarter in batches with the contracts' client and its retries.
    const acknowledged = new Set<string>();
    const inFlight = new Map<number, readonly IngestEvent[]>();
    let answers = { accepted: 0, duplicates: 0, rejected: 0 };
    let batchesAcked = 0;
    let retries = 0;
    const senders = SERVERS.map(async (game, s) => {
      const client = createIngestClient({
        baseUrl: ingestor?.url ?? '',
        token: game.token,
        maxAttempts: 200,
        baseDelayMs: 50,
        maxDelayMs: 500,
        onRetry: () => retries++,
      });
      const mine = events.filter((_, i) => i % SERVERS.length === s);
      for (let start = 0; start < mine.length; start += BATCH) {
        const batch = mine.slice(start, start + BATCH);
        const key = s * 1_000_000 + start;
        inFlight.set(key, batch);
        const answer = await client.send(batch);
        inFlight.delete(key);
        answers = {
          accepted: answers.accepted + answer.accepted,
          duplicates: answers.duplicates + answer.duplicates,
          rejected: answers.rejected + answer.rejected.length,
        };
        for (const event of batch) acknowledged.add(event.id);
        batchesAcked++;
      }
    });
    const sending = Promise.all(senders);

    // The killer: SIGKILL after every KILL_EVERY acknowledged batches, check, restart on the same port.
    const kills: Array<{ acked: number; stored: number; lost: number; unexplained: number }> = [];
    let done = false;
    void sending.finally(() => (done = true));
    while (!done && kills.length < 3) {
      const target = (kills.length + 1) * KILL_EVERY;
      await waitFor(`${target} acknowledged batches`, async () => done || batchesAcked >= target, 300_000);
      if (done) break;
      const victim = ingestor;
      if (!victim) throw new Error('no ingestor running');
      const exited = new Promise((resolve) => victim.process.once('exit', resolve));
      victim.process.kill('SIGKILL');
      await exited;
      // Nothing can be acknowledged now: every acked event must be stored; anything else that is
      // stored must come from a batch that was in flight when the process died.
      const ackedNow = new Set(acknowledged);
      const inFlightIds = new Set([...inFlight.values()].flat().map((e) => e.id));
      const stored = await storedEventIds(server, 'craftstats');
      kills.push({
        acked: ackedNow.size,
        stored: stored.size,
        lost: [...ackedNow].filter((id) => !stored.has(id)).length,
        unexplained: [...stored].filter((id) => !ackedNow.has(id) && !inFlightIds.has(id)).length,
      });
      ingestor = await startIngestor(url, { INGEST_PORT: port });
    }
    await sending;

    expect(kills).toHaveLength(3);
    expect(kills.map((k) => [k.lost, k.unexplained])).toEqual([
      [0, 0],
      [0, 0],
      [0, 0],
    ]);
    expect(retries).toBeGreaterThan(0);
    // Every event acknowledged once; a batch committed just before a kill comes back as duplicates.
    expect(acknowledged.size).toBe(TOTAL);
    expect(answers.rejected).toBe(0);
    expect(answers.accepted + answers.duplicates).toBe(TOTAL);

    const ids = await storedEventIds(server, 'craftstats');
    const [{ n: logRows }] = await server.query<{ n: number }>(
      'SELECT COUNT(*) AS n FROM craftstats.economy_log',
    );
    expect([ids.size, Number(logRows)]).toEqual([TOTAL, TOTAL]);
    expect(events.every((e) => ids.has(e.id))).toBe(true);

    // Every projection equals the replay of the log by the operators' drift check.
    const verify = await rebuildVerify(url);
    expect(verify).toMatchObject({ code: 0, players: 400, events: TOTAL, drift: [] });
    expect(verify.summary).toMatch(/: no drift$/);
  });

  it('restores a mariadb-dump of that database into a new one with zero drift (docs/operations.md)', async () => {
    // The backup and restore commands of docs/operations.md, against the database of the test above.
    const connection = ['--protocol=tcp', '-h127.0.0.1', `-P${server.port}`, '-uroot'];
    const { stdout: dump } = await run(
      'mariadb-dump',
      [...connection, '--single-transaction', '--routines', '--triggers', '--hex-blob', 'craftstats'],
      { maxBuffer: 512 * 1024 * 1024 },
    );
    await server.query(
      'CREATE DATABASE craftstats_restored CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci',
    );
    await new Promise<void>((resolve, reject) => {
      const restore = spawn('mariadb', [...connection, 'craftstats_restored'], {
        stdio: ['pipe', 'ignore', 'pipe'],
      });
      let err = '';
      restore.stderr.on('data', (chunk: Buffer) => (err += chunk.toString()));
      restore.on('exit', (code) => (code === 0 ? resolve() : reject(new Error(`restore failed: ${err}`))));
      restore.stdin.end(dump);
    });

    const tables = (
      await server.query<{ t: string }>(
        "SELECT table_name AS t FROM information_schema.tables WHERE table_schema = 'craftstats' ORDER BY 1",
      )
    ).map((r) => r.t);
    expect(tables).toEqual(
      expect.arrayContaining(['economy_log', 'achievement_log', 'players', 'migrations']),
    );
    const checksums = async (db: string) =>
      (
        await server.query<{ Table: string; Checksum: string }>(
          `CHECKSUM TABLE ${tables.map((t) => `${db}.${t}`).join(', ')}`,
        )
      ).map((r) => [r.Table.replace(`${db}.`, ''), r.Checksum]);
    expect(await checksums('craftstats_restored')).toEqual(await checksums('craftstats'));
    // docs/operations.md's check of a restore: the restored projections equal the replay of the
    // restored log, zero drift.
    const restored = server.url('craftstats_restored');
    const verify = await rebuildVerify(restored);
    expect(verify).toMatchObject({ code: 0, players: 400, events: TOTAL, drift: [] });
    expect(verify.summary).toMatch(/: no drift$/);

    // ... and the same check does see drift: a balance, a vote counter and the registered-players
    // counter altered behind the log's back are each reported, with exit 1.
    const [balance] = await server.query<{ uuid: string; currency: string }>(
      `SELECT p.uuid, b.currency FROM craftstats_restored.player_balances b
         JOIN craftstats_restored.players p ON p.id = b.player_id ORDER BY p.uuid, b.currency LIMIT 1`,
    );
    const [votes] = await server.query<{ uuid: string }>(
      `SELECT p.uuid FROM craftstats_restored.vote_counts v
         JOIN craftstats_restored.players p ON p.id = v.player_id WHERE v.period = 'total' ORDER BY p.uuid DESC LIMIT 1`,
    );
    if (!balance || !votes) throw new Error('the workload left no balance or vote counter');
    await server.query(
      `UPDATE craftstats_restored.player_balances b JOIN craftstats_restored.players p ON p.id = b.player_id
          SET b.amount = b.amount + 1 WHERE p.uuid = ? AND b.currency = ?`,
      [balance.uuid, balance.currency],
    );
    await server.query(
      `UPDATE craftstats_restored.vote_counts v JOIN craftstats_restored.players p ON p.id = v.player_id
          SET v.votes = v.votes + 1 WHERE p.uuid = ? AND v.period = 'total'`,
      [votes.uuid],
    );
    await server.query(
      "UPDATE craftstats_restored.counters SET value = value + 1 WHERE name = 'registered_players'",
    );
    const drifted = await rebuildVerify(restored);
    expect(drifted.code).toBe(1);
    expect(drifted.drift.map((d) => d.split(':')[0])).toEqual(
      expect.arrayContaining([
        `player_balances ${balance.uuid} ${balance.currency}`,
        `vote_counts ${votes.uuid} total/all`,
        'counters - registered_players',
      ]),
    );
  });
});
