import { ACCOUNT_MESSAGES, ERROR_MESSAGES } from '@craftstats/contracts';
import { type TestDatabase, createTestDatabase } from '@craftstats/persistence/testing';
import { type RunningApp, bootApp, redoclyProblems, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';

type Operation = {
  security?: Record<string, string[]>[];
  responses: Record<string, { content?: Record<string, { example?: unknown }> }>;
};
type Document = { paths: Record<string, Record<string, Operation>> };

describe('API documentation passes redocly lint (recommended rules)', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let source: string;
  let operations: { key: string; operation: Operation }[];

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    running = await bootApp('api', createApiApp, testConfig({ DATABASE_URL: db.url }));
    source = await (await fetch(`${running.url}/docs-json`)).text();
    operations = Object.entries((JSON.parse(source) as Document).paths).flatMap(([path, item]) =>
      Object.entries(item).map(([method, operation]) => ({
        key: `${method.toUpperCase()} ${path}`,
        operation,
      })),
    );
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
  });

  it('reports no errors on /docs-json; the only warnings: no license, no 4xx of the health checks', async () => {
    // The service is unlicensed (no license object to point at), and liveness and readiness answer 200
    // or 503 and nothing else: a license or a documented 4xx would be invented.
    expect(await redoclyProblems(source)).toEqual([
      'warn info-license at #/info: Info object should contain `license` field.',
      'warn operation-4xx-response at #/paths/~1health/get/responses: Operation must have at least one `4XX` response.',
      'warn operation-4xx-response at #/paths/~1health~1ready/get/responses: Operation must have at least one `4XX` response.',
    ]);
  });

  it('shows the real 429 answer as the example of every rate-limited operation', () => {
    const limited = operations.filter(({ operation }) => operation.responses['429'] !== undefined);
    expect(limited.length).toBeGreaterThanOrEqual(17);
    const streamLimit = expect.stringMatching(/^Příliš mnoho současných streamů/);
    for (const { key, operation } of limited) {
      const example = Object.values(operation.responses['429'].content ?? {})[0]?.example;
      const expected = key.includes('/account/')
        ? { success: false, message: ACCOUNT_MESSAGES.RATE_LIMITED }
        : key.endsWith('/stream') // the streams' own limit of concurrent streams per address
          ? { status: 429, error: 'RATE_LIMITED', message: streamLimit }
          : { status: 429, error: 'RATE_LIMITED', message: ERROR_MESSAGES.RATE_LIMITED };
      expect({ key, example }).toEqual({ key, example: expected });
    }
  });

  it('declares public operations with security: [] and keeps the staff ones behind the token', () => {
    const security = Object.fromEntries(operations.map(({ key, operation }) => [key, operation.security]));
    expect(security['GET /economy/leaderboard/craftcoins']).toEqual([]);
    expect(security['POST /account/login']).toEqual([]);
    expect(security['GET /account/me']).toEqual(expect.arrayContaining([{ bearer: [] }]));
    expect(operations.every(({ operation }) => Array.isArray(operation.security))).toBe(true);
  });

  it('leaves /metrics out of the document on purpose, and says so', () => {
    expect(operations.some(({ key }) => key.includes('/metrics'))).toBe(false);
    expect(source).toContain('`GET /metrics`');
  });
});
