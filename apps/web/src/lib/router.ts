import { useEffect, useState } from 'preact/hooks';
import { isWebPagePath } from '@craftstats/contracts';

export { type Route, matchRoute } from './routes';

const listeners = new Set<() => void>();

/** Goes to another page of the website without reloading (History API). */
export function navigate(to: string, options: { replace?: boolean } = {}): void {
  if (options.replace === true) history.replaceState(null, '', to);
  else history.pushState(null, '', to);
  for (const listener of listeners) listener();
}

export interface Location {
  path: string;
  query: URLSearchParams;
}

/** The current page's path with doubled slashes collapsed, as the API matches them (docs/adr/0068). */
function current(): Location {
  return { path: location.pathname.replace(/\/{2,}/g, '/'), query: new URLSearchParams(location.search) };
}

/** The current location; the component re-renders on every navigation (links, back and forward). */
export function useLocation(): Location {
  const [loc, setLoc] = useState(current);
  useEffect(() => {
    const update = (): void => setLoc(current());
    listeners.add(update);
    window.addEventListener('popstate', update);
    return () => {
      listeners.delete(update);
      window.removeEventListener('popstate', update);
    };
  }, []);
  return loc;
}

/**
 * Plain `<a href>` links to the website's own pages navigate without a reload; links elsewhere (the
 * API docs, other sites), new-tab clicks and downloads behave as links always do.
 */
export function interceptLinks(root: HTMLElement): void {
  root.addEventListener('click', (event) => {
    if (event.defaultPrevented || event.button !== 0) return;
    if (event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    const anchor = (event.target as Element | null)?.closest('a');
    if (!anchor || anchor.target !== '' || anchor.hasAttribute('download')) return;
    const url = new URL(anchor.href, location.href);
    if (url.origin !== location.origin || !isWebPagePath(url.pathname)) return;
    event.preventDefault();
    if (url.pathname + url.search === location.pathname + location.search) return;
    navigate(url.pathname + url.search);
  });
}
