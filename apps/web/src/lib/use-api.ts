import { useEffect, useState } from 'preact/hooks';

export type Loaded<T> =
  { state: 'loading' } | { state: 'ready'; data: T } | { state: 'failed'; error: unknown };

/**
 * Runs `load` (a call of the contracts' client) when `deps` change, cancelling the previous call, and
 * returns its state and a retry function. Errors are kept for the page to show (never a blank page).
 */
export function useApi<T>(
  load: (signal: AbortSignal) => Promise<T>,
  deps: readonly unknown[],
): [Loaded<T>, () => void] {
  const [attempt, setAttempt] = useState(0);
  const [loaded, setLoaded] = useState<Loaded<T>>({ state: 'loading' });
  useEffect(() => {
    const controller = new AbortController();
    setLoaded({ state: 'loading' });
    load(controller.signal).then(
      (data) => {
        if (!controller.signal.aborted) setLoaded({ state: 'ready', data });
      },
      (error: unknown) => {
        if (!controller.signal.aborted) setLoaded({ state: 'failed', error });
      },
    );
    return () => controller.abort();
  }, [...deps, attempt]);
  return [loaded, () => setAttempt((n) => n + 1)];
}
