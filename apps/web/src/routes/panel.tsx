import { useEffect, useMemo, useState } from 'preact/hooks';
import {
  type AccountMe,
  type ApiClient,
  EVENT_ACTIONS,
  type EventAction,
  type PagedEnvelope,
  type PanelAchievementLogEntry,
  type PanelEconomyLogEntry,
  type PanelLogQuery,
  isApiError,
} from '@craftstats/contracts';
import { Failure, Loading, failureMessage } from '../components/failure';
import { AchievementEntryItem, EconomyEntryItem, actionLabel } from '../components/log-entries';
import { useTitle } from '../components/use-title';
import { cs } from '../i18n/cs';
import { api } from '../lib/api';
import { formatDateTime } from '../lib/format';
import { dropToken, loadToken, saveToken } from '../lib/session';
import { useApi } from '../lib/use-api';

/** Entries per page of the panel's logs. */
const PAGE_SIZE = 25;
/** setTimeout's largest delay (about 24.8 days); a token lives 4 hours. */
const MAX_TIMER_MS = 2_147_483_647;

interface Session {
  staff: ApiClient;
  me: AccountMe;
}

type LogKind = 'economy' | 'achievements';

interface Filters {
  nick: string;
  action: string;
  server: string;
}

const NO_FILTERS: Filters = { nick: '', action: '', server: '' };

function LoginForm({ onLogin, notice }: { onLogin: (session: Session) => void; notice: string | null }) {
  const [username, setUsername] = useState('');
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  const submit = async (event: Event): Promise<void> => {
    event.preventDefault();
    setBusy(true);
    setError(null);
    try {
      const result = await api.login({ username, password });
      if (!result.body.success) {
        // The API's own Czech message: wrong password, too many attempts, missing fields.
        setError(result.body.message);
        return;
      }
      const staff = api.withToken(result.body.token);
      const me = await staff.me();
      saveToken(result.body.token);
      onLogin({ staff, me });
    } catch (failure) {
      setError(failureMessage(failure));
    } finally {
      setBusy(false);
    }
  };

  return (
    <section class="card login" aria-labelledby="login-heading">
      <h2 id="login-heading">{cs.panel.loginHeading}</h2>
      {notice === null ? null : (
        <p class="notice" role="status">
          {notice}
        </p>
      )}
      <p>{cs.panel.loginIntro}</p>
      <form onSubmit={(event) => void submit(event)}>
        <label for="username">{cs.panel.username}</label>
        <input
          id="username"
          name="username"
          autocomplete="username"
          required
          value={username}
          onInput={(e) => setUsername((e.target as HTMLInputElement).value)}
        />
        <label for="password">{cs.panel.password}</label>
        <input
          id="password"
          name="password"
          type="password"
          autocomplete="current-password"
          required
          value={password}
          onInput={(e) => setPassword((e.target as HTMLInputElement).value)}
        />
        {error === null ? null : (
          <p class="failure login-error" role="alert">
            {error}
          </p>
        )}
        <button type="submit" disabled={busy}>
          {busy ? cs.panel.loggingIn : cs.panel.login}
        </button>
      </form>
    </section>
  );
}

function FiltersForm({
  kind,
  filters,
  onApply,
}: {
  kind: LogKind;
  filters: Filters;
  onApply: (f: Filters) => void;
}) {
  // The form's own state starts from the applied filters; the panel gives it a new key per log.
  const [draft, setDraft] = useState(filters);
  const field = (name: keyof Filters) => (e: Event) =>
    setDraft({ ...draft, [name]: (e.target as HTMLInputElement | HTMLSelectElement).value });
  return (
    <form
      class="filters"
      aria-label={cs.panel.filters}
      onSubmit={(event) => {
        event.preventDefault();
        onApply({ nick: draft.nick.trim(), action: draft.action, server: draft.server.trim() });
      }}
    >
      <div>
        <label for="filter-nick">{cs.panel.filterNick}</label>
        <input id="filter-nick" name="nick" value={draft.nick} onInput={field('nick')} autocomplete="off" />
      </div>
      {kind === 'economy' ? (
        <div>
          <label for="filter-action">{cs.panel.filterAction}</label>
          <select id="filter-action" name="action" value={draft.action} onChange={field('action')}>
            <option value="">{cs.panel.anyAction}</option>
            {EVENT_ACTIONS.filter((a) => a !== 'ACHIEVEMENT_COMPLETE').map((action) => (
              <option key={action} value={action}>
                {actionLabel(action)}
              </option>
            ))}
          </select>
        </div>
      ) : null}
      <div>
        <label for="filter-server">{cs.panel.filterServer}</label>
        <input
          id="filter-server"
          name="server"
          value={draft.server}
          onInput={field('server')}
          autocomplete="off"
        />
      </div>
      <div class="filter-buttons">
        <button type="submit">{cs.panel.apply}</button>
        <button
          type="button"
          class="secondary"
          onClick={() => {
            setDraft(NO_FILTERS);
            onApply(NO_FILTERS);
          }}
        >
          {cs.panel.reset}
        </button>
      </div>
    </form>
  );
}

type AnyPage = PagedEnvelope<PanelEconomyLogEntry> | PagedEnvelope<PanelAchievementLogEntry>;

function Logs({ session, onRejected }: { session: Session; onRejected: () => void }) {
  const [kind, setKind] = useState<LogKind>('economy');
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [cursors, setCursors] = useState<string[]>([]);
  const cursor = cursors.at(-1);
  const query = useMemo<PanelLogQuery>(
    () => ({
      limit: PAGE_SIZE,
      ...(filters.nick === '' ? {} : { nick: filters.nick }),
      ...(filters.server === '' ? {} : { server: filters.server }),
      ...(kind === 'economy' && filters.action !== '' ? { action: filters.action as EventAction } : {}),
      ...(cursor === undefined ? {} : { cursor }),
    }),
    [kind, filters, cursor],
  );
  const [page, retry] = useApi<AnyPage>(
    (signal) =>
      kind === 'economy'
        ? session.staff.panelEconomyLog(query, { signal })
        : session.staff.panelAchievementsLog(query, { signal }),
    [query],
  );
  useEffect(() => {
    if (page.state === 'failed' && isApiError(page.error) && page.error.status === 401) onRejected();
  }, [page]);

  const show = (next: LogKind): void => {
    setKind(next);
    setCursors([]);
    setFilters(NO_FILTERS);
  };
  return (
    <section class="card wide" aria-labelledby="logs-heading">
      <h2 id="logs-heading">{cs.panel.logs}</h2>
      <div class="segmented" role="group" aria-label={cs.panel.logs}>
        <button type="button" aria-pressed={kind === 'economy'} onClick={() => show('economy')}>
          {cs.panel.economyTab}
        </button>
        <button type="button" aria-pressed={kind === 'achievements'} onClick={() => show('achievements')}>
          {cs.panel.achievementsTab}
        </button>
      </div>
      <FiltersForm
        key={kind}
        kind={kind}
        filters={filters}
        onApply={(next) => {
          setFilters(next);
          setCursors([]);
        }}
      />
      {page.state === 'loading' ? (
        <Loading />
      ) : page.state === 'failed' ? (
        <Failure error={page.error} retry={retry} />
      ) : page.data.data.length === 0 ? (
        <p class="muted">{cs.panel.empty}</p>
      ) : (
        <ol
          class="log panel-log"
          aria-label={kind === 'economy' ? cs.panel.economyTab : cs.panel.achievementsTab}
        >
          {kind === 'economy'
            ? (page.data.data as PanelEconomyLogEntry[]).map((entry) => (
                <EconomyEntryItem
                  key={entry.event_id}
                  entry={entry}
                  extra={<span class="event-id">{entry.event_id}</span>}
                />
              ))
            : (page.data.data as PanelAchievementLogEntry[]).map((entry) => (
                <AchievementEntryItem
                  key={entry.event_id}
                  entry={entry}
                  extra={<span class="event-id">{entry.event_id}</span>}
                />
              ))}
        </ol>
      )}
      <nav class="pager" aria-label={cs.panel.logs}>
        <button
          type="button"
          disabled={cursors.length === 0}
          onClick={() => setCursors(cursors.slice(0, -1))}
        >
          {cs.panel.previous}
        </button>
        <span class="page-number">{cs.panel.page(cursors.length + 1)}</span>
        <button
          type="button"
          disabled={page.state !== 'ready' || page.data.nextCursor === null}
          onClick={() => {
            if (page.state === 'ready' && page.data.nextCursor !== null)
              setCursors([...cursors, page.data.nextCursor]);
          }}
        >
          {cs.panel.next}
        </button>
      </nav>
    </section>
  );
}

/**
 * `/panel`: the staff panel. Login with nick and password; the token is kept for this tab only
 * (sessionStorage) and dropped when it expires or the API refuses it (401), with a Czech message.
 */
export function PanelPage() {
  useTitle(cs.titles.panel);
  const [session, setSession] = useState<Session | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [restoring, setRestoring] = useState(() => loadToken() !== null);
  const [restoreError, setRestoreError] = useState<unknown>(null);
  const [attempt, setAttempt] = useState(0);

  const end = (message: string): void => {
    dropToken();
    setSession(null);
    setNotice(message);
  };

  useEffect(() => {
    const token = loadToken();
    if (token === null) return undefined;
    const controller = new AbortController();
    const staff = api.withToken(token);
    setRestoreError(null);
    staff.me({ signal: controller.signal }).then(
      (me) => {
        setSession({ staff, me });
        setRestoring(false);
      },
      (error: unknown) => {
        if (controller.signal.aborted) return;
        if (isApiError(error) && error.status === 401) {
          end(cs.panel.rejected);
          setRestoring(false);
        } else setRestoreError(error);
      },
    );
    return () => controller.abort();
  }, [attempt]);

  useEffect(() => {
    if (session === null) return undefined;
    const left = session.me.expiresAt - Date.now();
    if (left <= 0) {
      end(cs.panel.expired);
      return undefined;
    }
    const timer = setTimeout(() => end(cs.panel.expired), Math.min(left, MAX_TIMER_MS));
    return () => clearTimeout(timer);
  }, [session]);

  return (
    <>
      <h1>{cs.panel.heading}</h1>
      {restoring ? (
        restoreError === null ? (
          <Loading />
        ) : (
          <Failure error={restoreError} retry={() => setAttempt((n) => n + 1)} />
        )
      ) : session === null ? (
        <LoginForm
          notice={notice}
          onLogin={(next) => {
            setNotice(null);
            setSession(next);
          }}
        />
      ) : (
        <>
          <section class="card session" aria-label={cs.panel.signedInAs(session.me.nick, session.me.rank)}>
            <p class="signed-in">{cs.panel.signedInAs(session.me.nick, session.me.rank)}</p>
            <p class="muted">{cs.panel.validUntil(formatDateTime(session.me.expiresAt))}</p>
            <button type="button" class="secondary" onClick={() => end(cs.panel.loggedOut)}>
              {cs.panel.logout}
            </button>
          </section>
          <Logs session={session} onRejected={() => end(cs.panel.rejected)} />
        </>
      )}
    </>
  );
}
