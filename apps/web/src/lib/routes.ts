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

/**
 * The route of a path (without the query); anything the website does not know is `notFound`. Doubled
 * slashes count as one, as on the API that serves these pages (docs/adr/0068).
 */
export function matchRoute(rawPath: string): Route {
  const path = rawPath.replace(/\/{2,}/g, '/');
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
