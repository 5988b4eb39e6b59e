import { useEffect, useState } from 'preact/hooks';
import { isApiError } from '@craftstats/contracts';
import { cs } from '../i18n/cs';

/** The Czech text of a failed call: the API's own message (or the contracts' one for no answer). */
export function failureMessage(error: unknown): string {
  return isApiError(error) ? error.message : cs.common.unexpected;
}

/**
 * A failed load: the Czech message and a retry button. After a 429 or 503 with `Retry-After` it also
 * retries by itself when that time is over, counting down.
 */
export function Failure({ error, retry }: { error: unknown; retry: () => void }) {
  const wait = isApiError(error) && error.retryAfter !== undefined ? Math.min(error.retryAfter, 120) : null;
  const [left, setLeft] = useState(wait);
  useEffect(() => {
    setLeft(wait);
    if (wait === null) return undefined;
    const started = Date.now();
    const timer = setInterval(() => {
      const remaining = wait - Math.floor((Date.now() - started) / 1000);
      if (remaining <= 0) {
        clearInterval(timer);
        retry();
      } else setLeft(remaining);
    }, 1000);
    return () => clearInterval(timer);
  }, [error]);
  return (
    <div class="failure" role="alert">
      <p>{failureMessage(error)}</p>
      {left !== null && left > 0 ? <p class="muted">{cs.common.retryIn(left)}</p> : null}
      <button type="button" onClick={retry}>
        {cs.common.retry}
      </button>
    </div>
  );
}

export function Loading({ label = cs.common.loading }: { label?: string }) {
  return (
    <p class="loading" role="status">
      {label}
    </p>
  );
}
