import { TestDatabase, createTestDatabase } from '@craftstats/persistence/testing';
import {
  RunningApp,
  bootApp,
  describeEnvelopeEdges,
  rawExchange,
  testConfig,
} from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';

// Every answer with a body is the envelope, also for the requests Node's HTTP server and Fastify answer
// themselves, and HEAD answers have no body: the walk is shared by both apps
// (libs/platform/src/testing/envelope-edges.ts).
describeEnvelopeEdges('api', createApiApp);

describe('api: the account endpoints keep their answer shape for failures raised before the handler', () => {
  let db: TestDatabase;
  let running: RunningApp;
  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    running = await bootApp('api', createApiApp, testConfig({ DATABASE_URL: db.url }));
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
  });

  it.each([
    [
      'HTTP/1.0 with Expect: foo and no body',
      'POST /account/login HTTP/1.0\r\nHost: 127.0.0.1\r\nExpect: foo\r\n\r\n',
    ],
    ['without a Host header', 'POST /account/login HTTP/1.0\r\n\r\n'],
    [
      'with a malformed JSON body',
      'POST /account/login HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: 1\r\nConnection: close\r\n\r\n{',
    ],
  ])('answers POST /account/login %s as { success: false, message }', async (_case, raw) => {
    const answer = await rawExchange(running.url, raw);
    const body = JSON.parse(answer.slice(answer.indexOf('\r\n\r\n') + 4)) as Record<string, unknown>;
    expect([answer.split(' ')[1], Object.keys(body).sort(), body['success']]).toEqual([
      '400',
      ['message', 'success'],
      false,
    ]);
  });
});
