import { useEffect, useRef } from 'preact/hooks';
import { WEB_PATHS } from '@craftstats/contracts';
import { SearchBox } from './components/search-box';
import { cs } from './i18n/cs';
import { API_BASE_URL } from './lib/api';
import { type Route, matchRoute, useLocation } from './lib/router';
import { PlayerPage } from './routes/hrac/[nick]';
import { PlayerByUuidPage } from './routes/hrac/uuid/[uuid]';
import { HomePage } from './routes/index';
import { NotFoundPage } from './routes/not-found';
import { PanelPage } from './routes/panel';
import { BoardPage } from './routes/zebricky/[board]';
import { LeaderboardsPage } from './routes/zebricky/index';
import { LivePage } from './routes/zive';

function Page({ route }: { route: Route }) {
  switch (route.page) {
    case 'home':
      return <HomePage />;
    case 'leaderboards':
      return <LeaderboardsPage />;
    case 'board':
      return <BoardPage key={route.slug} slug={route.slug} />;
    case 'player':
      return <PlayerPage key={route.nick} nick={route.nick} />;
    case 'playerByUuid':
      return <PlayerByUuidPage key={route.uuid} uuid={route.uuid} />;
    case 'live':
      return <LivePage />;
    case 'panel':
      return <PanelPage />;
    case 'notFound':
      return <NotFoundPage />;
  }
}

const NAV = [
  { href: WEB_PATHS.home, label: cs.nav.home, section: (path: string) => path === '/' },
  {
    href: WEB_PATHS.leaderboards,
    label: cs.nav.leaderboards,
    section: (path: string) => path.startsWith('/zebricky'),
  },
  { href: WEB_PATHS.live, label: cs.nav.live, section: (path: string) => path === '/zive' },
  { href: WEB_PATHS.panel, label: cs.nav.panel, section: (path: string) => path === '/panel' },
];

/** The frame of every page: header with navigation and search, the page, footer. */
export function App() {
  const { path } = useLocation();
  const route = matchRoute(path);
  const main = useRef<HTMLElement>(null);
  const first = useRef(true);
  useEffect(() => {
    // After a navigation, move focus to the new page (as a full page load would), for keyboards and
    // screen readers; the first load keeps the browser's own focus.
    if (first.current) {
      first.current = false;
      return;
    }
    main.current?.focus();
    window.scrollTo(0, 0);
  }, [path]);
  return (
    <>
      <a class="skip" href="#obsah">
        {cs.site.skipToContent}
      </a>
      <header class="site-header">
        <div class="header-inner">
          <a class="brand" href={WEB_PATHS.home}>
            {cs.site.name}
          </a>
          <nav aria-label={cs.site.navLabel}>
            <ul>
              {NAV.map((item) => (
                <li key={item.href}>
                  <a href={item.href} aria-current={item.section(path) ? 'page' : undefined}>
                    {item.label}
                  </a>
                </li>
              ))}
            </ul>
          </nav>
          <SearchBox id="search" />
        </div>
      </header>
      <main id="obsah" ref={main} tabIndex={-1}>
        <Page route={route} />
      </main>
      <footer class="site-footer">
        <p>
          {cs.site.footerData} · <a href={`${API_BASE_URL}/docs`}>{cs.site.footerDocs}</a>
        </p>
      </footer>
    </>
  );
}
