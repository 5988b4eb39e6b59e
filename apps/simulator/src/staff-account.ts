import { type ApiClient, isApiError } from '@craftstats/contracts';
import { type Log, errorText } from './log';
import { abortableSleep } from './sleep';

export interface StaffAccountOptions {
  username: string;
  password: string;
  adminKey: string;
  log: Log;
  signal: AbortSignal;
  /** First pause between attempts (doubles up to 5 s). */
  retryDelayMs?: number;
  sleep?: (ms: number, signal: AbortSignal) => Promise<void>;
}

/**
 * Sets the demo staff member's password through `POST /account/register`, retrying until the API
 * answers: it may still be starting, and the staff rank sent just before may need a moment. Answers that
 * cannot change by waiting (wrong admin key, invalid body) end the attempts. Resolves true once set.
 */
export async function registerDemoStaff(
  api: Pick<ApiClient, 'register'>,
  options: StaffAccountOptions,
): Promise<boolean> {
  const sleep = options.sleep ?? abortableSleep;
  let delay = options.retryDelayMs ?? 500;
  for (let attempt = 1; !options.signal.aborted; attempt++) {
    let wait = delay;
    try {
      const result = await api.register(
        { username: options.username, password: options.password, adminKey: options.adminKey },
        { signal: options.signal },
      );
      if (result.body.success) {
        options.log('info', 'demo staff password set', { nick: options.username, attempt });
        return true;
      }
      if (result.httpStatus === 400 || result.httpStatus === 403) {
        options.log('error', 'the API refused the demo staff password', {
          nick: options.username,
          status: result.httpStatus,
          answer: result.body.message,
        });
        return false;
      }
      // 404 (not a staff member yet), 429 (rate limited), 503 (update failed): try again.
      if (result.retryAfter !== undefined) wait = result.retryAfter * 1000;
      options.log('warn', 'demo staff password not set yet, retrying', {
        status: result.httpStatus,
        answer: result.body.message,
        attempt,
      });
    } catch (error) {
      if (options.signal.aborted) break;
      // The API is not up yet (network error), or the route does not exist yet (404 envelope).
      const status = isApiError(error) ? error.status : 0;
      options.log(attempt % 10 === 1 ? 'warn' : 'info', 'API not answering /account/register yet, retrying', {
        status,
        error: errorText(error),
        attempt,
      });
    }
    await sleep(wait, options.signal);
    delay = Math.min(delay * 2, 5000);
  }
  return false;
}
