import { type AccountResult, ApiError, type ApiClient, type RegisterResponse } from '@craftstats/contracts';
import type { Log, LogLevel } from './log';
import { registerDemoStaff } from './staff-account';

type Answer = AccountResult<RegisterResponse> | Error;

function setup(answers: Answer[]) {
  const calls: unknown[] = [];
  const api: Pick<ApiClient, 'register'> = {
    register: async (body) => {
      calls.push(body);
      const answer = answers.shift();
      if (answer === undefined) throw new Error('no more answers scripted');
      if (answer instanceof Error) throw answer;
      return answer;
    },
  };
  const lines: { level: LogLevel; msg: string; fields?: Record<string, unknown> }[] = [];
  const log: Log = (level, msg, fields) => lines.push({ level, msg, fields });
  const sleeps: number[] = [];
  const run = (signal = new AbortController().signal) =>
    registerDemoStaff(api, {
      username: 'Spravce_Demo',
      password: 'secret-password',
      adminKey: 'admin-key',
      log,
      signal,
      sleep: async (ms) => {
        sleeps.push(ms);
      },
    });
  return { run, calls, lines, sleeps };
}

const answer = (
  httpStatus: number,
  success: boolean,
  message: string,
  retryAfter?: number,
): AccountResult<RegisterResponse> => ({
  httpStatus,
  body: { success, message },
  ...(retryAfter === undefined ? {} : { retryAfter }),
});
const networkError = () => new ApiError({ status: 0, code: 'NETWORK_ERROR', message: 'fetch failed' });

describe('registerDemoStaff', () => {
  it('sets the password with the admin key', async () => {
    const { run, calls, lines } = setup([answer(200, true, 'Heslo bylo úspěšně nastaveno!')]);
    expect(await run()).toBe(true);
    expect(calls).toEqual([{ username: 'Spravce_Demo', password: 'secret-password', adminKey: 'admin-key' }]);
    expect(lines).toEqual([
      { level: 'info', msg: 'demo staff password set', fields: { nick: 'Spravce_Demo', attempt: 1 } },
    ]);
  });

  it('retries with growing pauses while the API is starting, not yet routing or not yet knowing the staff member', async () => {
    const { run, calls, sleeps } = setup([
      networkError(),
      new ApiError({ status: 404, code: 'NOT_FOUND', message: 'Požadovaný zdroj neexistuje.' }),
      answer(404, false, 'Neznámé uživatelské jméno!'),
      answer(503, false, 'Update hesla selhal v API! Zkus to zachvilku!'),
      answer(200, true, 'Heslo bylo úspěšně nastaveno!'),
    ]);
    expect(await run()).toBe(true);
    expect(calls).toHaveLength(5);
    expect(sleeps).toEqual([500, 1000, 2000, 4000]);
  });

  it('waits as long as Retry-After says when rate limited', async () => {
    const { run, sleeps } = setup([answer(429, false, 'Příliš mnoho pokusů.', 7), answer(200, true, 'ok')]);
    expect(await run()).toBe(true);
    expect(sleeps).toEqual([7000]);
  });

  it.each([
    [403, 'Adminkey se neshoduje s server AdminKey!'],
    [400, 'Neplatný požadavek: vyplň uživatelské jméno a heslo.'],
  ])('gives up at once on %i and logs why, without the password', async (status, message) => {
    const { run, calls, lines } = setup([answer(status, false, message)]);
    expect(await run()).toBe(false);
    expect(calls).toHaveLength(1);
    expect(lines).toEqual([
      {
        level: 'error',
        msg: 'the API refused the demo staff password',
        fields: { nick: 'Spravce_Demo', status, answer: message },
      },
    ]);
    expect(JSON.stringify(lines)).not.toContain('secret-password');
  });

  it('stops trying when the simulator stops', async () => {
    const controller = new AbortController();
    const { run, calls } = setup([networkError(), networkError(), networkError()]);
    const pending = run(controller.signal);
    controller.abort();
    expect(await pending).toBe(false);
    expect(calls.length).toBeLessThanOrEqual(1);
  });
});
