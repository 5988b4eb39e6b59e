import { useEffect, useState } from 'preact/hooks';
import { isWebPagePath } from '@craftstats/contracts';

/** The website's pages, by URL (routes/ mirrors them). */
export type Route =
  | { page: 'home' }
  | { page: 'leaderboards' }
  | { page: 'board'; slug: string }
  | { page: 'player'; nick: string }
  | { page: 'playerByUuid'; uuid: string }
  | { page: 'live' }
  | { page: 'panel' }
  | { page: 'notFound' };

function decode(segment: string): string | null {
  try {
    return decodeURIComponent(segment);
  } catch {
    return null;
  }
}

/** The route of a path (without the query); anything the website does not know is `notFound`. */
export function matchRoute(path: string): Route {
  if (path === '/') return { page: 'home' };
  if (path === '/zebricky') return { page: 'leaderboards' };
  if (path === '/zive') return { page: 'live' };
  if (path === '/panel') return { page: 'panel' };
  const segments = path.split('/').slice(1);
  if (segments[0] === 'zebricky' && segments.length === 2 && segments[1] !== '') {
    const slug = decode(segments[1] as string);
    return slug === null ? { page: 'notFound' } : { page: 'board', slug };
  }
  if (segments[0] === 'hrac') {
    if (segments.length === 2 && segments[1] !== '') {
      const nick = decode(segments[1] as string);
      return nick === null ? { page: 'notFound' } : { page: 'player', nick };
    }
    if (segments.length === 3 && segments[1] === 'uuid' && segments[2] !== '') {
      const uuid = decode(segments[2] as string);
      return uuid === null ? { page: 'notFound' } : { page: 'playerByUuid', uuid };
    }
  }
  return { page: 'notFound' };
}

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

function current(): Location {
  return { path: location.pathname, query: new URLSearchParams(location.search) };
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
