import { WEB_PATHS } from '@craftstats/contracts';
import { Failure, Loading } from '../components/failure';
import {
  AchievementsLiveList,
  EconomyLiveList,
  useAchievementsLive,
  useEconomyLive,
} from '../components/live-log-list';
import { PlayerCountGraph } from '../components/player-count-graph';
import { PlayerLink } from '../components/player-link';
import { useTitle } from '../components/use-title';
import { cs } from '../i18n/cs';
import { api } from '../lib/api';
import { formatNumber } from '../lib/format';
import { useApi } from '../lib/use-api';

/** How many of the newest log entries the overview shows. */
const NEWEST = 8;

function ServerStatus() {
  const [status, retry] = useApi((signal) => api.playerCount({ signal }), []);
  return (
    <section class="card status-card" aria-labelledby="status-heading">
      <h2 id="status-heading">{cs.home.statusHeading}</h2>
      {status.state === 'loading' ? (
        <Loading />
      ) : status.state === 'failed' ? (
        <Failure error={status.error} retry={retry} />
      ) : (
        <div class="status" data-online={String(status.data.isOnline)}>
          <div class="status-head">
            {status.data.favicon === '' ? (
              <span class="favicon-placeholder" aria-hidden="true" />
            ) : (
              <img class="favicon" src={status.data.favicon} alt={cs.home.favicon} width={64} height={64} />
            )}
            <span class={status.data.isOnline ? 'badge online' : 'badge offline'}>
              {status.data.isOnline ? cs.home.online : cs.home.offline}
            </span>
          </div>
          {status.data.isOnline ? null : <p class="muted">{cs.home.offlineNote}</p>}
          <dl class="facts">
            <dt>{cs.home.players}</dt>
            <dd class="players-online">
              {cs.home.playersOf(
                formatNumber(status.data.players.online),
                formatNumber(status.data.players.max),
              )}
            </dd>
            <dt>{cs.home.version}</dt>
            <dd class="version">{status.data.version}</dd>
            <dt>{cs.home.latency}</dt>
            <dd class="latency">{cs.home.latencyValue(formatNumber(status.data.latency))}</dd>
          </dl>
        </div>
      )}
    </section>
  );
}

function Registered() {
  const [unique, retry] = useApi((signal) => api.uniquePlayers({ signal }), []);
  return (
    <section class="card registered-card" aria-labelledby="registered-heading">
      <h2 id="registered-heading">{cs.home.registered}</h2>
      {unique.state === 'loading' ? (
        <Loading />
      ) : unique.state === 'failed' ? (
        <Failure error={unique.error} retry={retry} />
      ) : (
        <p class="big-number">
          <span class="registered-count">{formatNumber(unique.data.amount)}</span>
          <span class="muted"> {cs.home.registeredNote}</span>
        </p>
      )}
    </section>
  );
}

function Staff() {
  const [staff, retry] = useApi((signal) => api.staffList({ signal }), []);
  return (
    <section class="card" aria-labelledby="staff-heading">
      <h2 id="staff-heading">{cs.home.staffHeading}</h2>
      {staff.state === 'loading' ? (
        <Loading />
      ) : staff.state === 'failed' ? (
        <Failure error={staff.error} retry={retry} />
      ) : staff.data.length === 0 ? (
        <p class="muted">{cs.home.staffEmpty}</p>
      ) : (
        <ul class="staff">
          {staff.data.map((member) => (
            <li key={member.uuid}>
              <PlayerLink nick={member.nick} />
              <span class="muted">
                {cs.home.staffRank} {member.rank}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function Newest() {
  const economy = useEconomyLive(NEWEST);
  const achievements = useAchievementsLive(NEWEST);
  return (
    <>
      <section class="card" aria-labelledby="economy-heading">
        <h2 id="economy-heading">{cs.home.economyHeading}</h2>
        <EconomyLiveList log={economy} label={cs.home.economyHeading} />
        <p>
          <a href={WEB_PATHS.live}>{cs.home.allLive}</a>
        </p>
      </section>
      <section class="card" aria-labelledby="achievements-heading">
        <h2 id="achievements-heading">{cs.home.achievementsHeading}</h2>
        <AchievementsLiveList log={achievements} label={cs.home.achievementsHeading} />
      </section>
    </>
  );
}

/** `/`: server status, the player-count graph, registered players, staff and the newest log entries. */
export function HomePage() {
  useTitle(null);
  return (
    <>
      <h1>{cs.titles.home}</h1>
      <div class="grid">
        <ServerStatus />
        <Registered />
        <PlayerCountGraph />
        <Newest />
        <Staff />
      </div>
    </>
  );
}
