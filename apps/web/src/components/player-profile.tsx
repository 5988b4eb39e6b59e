import { Fragment } from 'preact';
import {
  type ApiError,
  LEVEL_MODES,
  type PlayerProfile,
  type PlayerSocial,
  isApiError,
  safeHttpUrl,
} from '@craftstats/contracts';
import { cs } from '../i18n/cs';
import { formatDateTime, formatMinutes, formatNumber } from '../lib/format';
import type { Loaded } from '../lib/use-api';
import { Failure, Loading } from './failure';
import { SearchBox } from './search-box';
import { useTitle } from './use-title';

const NETWORKS = [
  'facebook',
  'twitter',
  'twitch',
  'steam',
  'web',
] as const satisfies readonly (keyof PlayerSocial)[];
const CURRENCIES = ['craftcoins', 'crafttokens', 'votetokens', 'karma', 'achievement_points'] as const;

function Time({ ms }: { ms: number }) {
  return <time dateTime={new Date(ms).toISOString()}>{formatDateTime(ms)}</time>;
}

function Social({ social }: { social: PlayerSocial }) {
  const filled = NETWORKS.filter((network) => social[network] !== null && social[network] !== '');
  return (
    <section class="card" aria-labelledby="social-heading">
      <h2 id="social-heading">{cs.player.social}</h2>
      {social.status === '' ? null : (
        <p class="social-status">
          <span class="muted">{cs.player.status}: </span>
          {social.status}
        </p>
      )}
      {filled.length === 0 ? (
        <p class="muted">{cs.player.noSocial}</p>
      ) : (
        <dl class="facts social">
          {filled.map((network) => {
            const value = social[network] as string;
            const href = safeHttpUrl(value);
            return (
              <Fragment key={network}>
                <dt>{cs.player.networks[network]}</dt>
                <dd data-network={network}>
                  {href === null ? (
                    <span class="text-value">{value}</span>
                  ) : (
                    <a href={href} rel="nofollow ugc noopener noreferrer">
                      {value}
                    </a>
                  )}
                </dd>
              </Fragment>
            );
          })}
        </dl>
      )}
    </section>
  );
}

function Profile({ profile }: { profile: PlayerProfile }) {
  const discord = profile.discord.id === null || profile.discord.id === '' ? null : profile.discord.id;
  return (
    <article class="profile" data-uuid={profile.uuid}>
      <header class="profile-head">
        <h1>
          {profile.nick} <span class="muted discriminator">#{profile.discriminator}</span>
        </h1>
        <p>
          <span class={profile.is_online ? 'badge online' : 'badge offline'}>
            {profile.is_online ? cs.player.online : cs.player.offline}
          </span>{' '}
          {profile.is_online && profile.last_server !== '' ? cs.player.onlineOn(profile.last_server) : null}
        </p>
      </header>
      <div class="grid">
        <section class="card" aria-labelledby="economy-heading">
          <h2 id="economy-heading">{cs.player.economy}</h2>
          <dl class="facts balances">
            {CURRENCIES.map((currency) => (
              <Fragment key={currency}>
                <dt>{cs.player.currencies[currency]}</dt>
                <dd data-currency={currency}>{formatNumber(profile.economy[currency])}</dd>
              </Fragment>
            ))}
          </dl>
        </section>
        <section class="card" aria-labelledby="votes-heading">
          <h2 id="votes-heading">{cs.player.votes}</h2>
          <dl class="facts votes">
            <dt>{cs.player.votesTotal}</dt>
            <dd data-votes="total">{formatNumber(profile.votes.total)}</dd>
            <dt>{cs.player.votesMonth}</dt>
            <dd data-votes="month">{formatNumber(profile.votes.month)}</dd>
            <dt>{cs.player.votesWeek}</dt>
            <dd data-votes="week">{formatNumber(profile.votes.week)}</dd>
            <dt>{cs.player.lastVote}</dt>
            <dd>{profile.votes.last_vote === 0 ? cs.player.never : <Time ms={profile.votes.last_vote} />}</dd>
          </dl>
        </section>
        <section class="card" aria-labelledby="activity-heading">
          <h2 id="activity-heading">{cs.player.activity}</h2>
          <dl class="facts activity">
            <dt>{cs.player.playedTime}</dt>
            <dd data-played-minutes={String(profile.played_time)}>{formatMinutes(profile.played_time)}</dd>
            <dt>{cs.player.lastSeen}</dt>
            <dd>
              {profile.is_online ? (
                cs.player.online
              ) : profile.last_online === 0 ? (
                cs.player.never
              ) : (
                <Time ms={profile.last_online} />
              )}
            </dd>
            <dt>{cs.player.lastServer}</dt>
            <dd>{profile.last_server === '' ? cs.common.none : profile.last_server}</dd>
            <dt>{cs.player.clientVersion}</dt>
            <dd>{profile.mc_version === '' ? cs.common.none : profile.mc_version}</dd>
            <dt>{cs.player.registered}</dt>
            <dd>{profile.registred === 0 ? cs.common.none : <Time ms={profile.registred} />}</dd>
            <dt>{cs.player.uuid}</dt>
            <dd class="uuid">{profile.uuid}</dd>
          </dl>
        </section>
        <section class="card" aria-labelledby="levels-heading">
          <h2 id="levels-heading">{cs.player.levels}</h2>
          <table class="levels">
            <caption class="visually-hidden">{cs.player.levels}</caption>
            <thead>
              <tr>
                <th scope="col">{cs.player.mode}</th>
                <th scope="col" class="num">
                  {cs.player.level}
                </th>
                <th scope="col" class="num">
                  {cs.player.experience}
                </th>
              </tr>
            </thead>
            <tbody>
              {LEVEL_MODES.map((mode) => (
                <tr key={mode} data-mode={mode}>
                  <th scope="row">{cs.player.modes[mode]}</th>
                  <td class="num">{formatNumber(profile.ranked[`${mode}_level`])}</td>
                  <td class="num">
                    {mode === 'global' ? cs.common.none : formatNumber(profile.ranked[`${mode}_experience`])}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
        <Social social={profile.social} />
        <section class="card" aria-labelledby="discord-heading">
          <h2 id="discord-heading">{cs.player.discord}</h2>
          {discord === null ? (
            <p class="muted">{cs.player.discordNone}</p>
          ) : (
            <dl class="facts">
              <dt>{cs.player.discordId}</dt>
              <dd class="discord-id">{discord}</dd>
            </dl>
          )}
        </section>
      </div>
    </article>
  );
}

/** An unknown player (or a nick/UUID that cannot exist): a clear Czech page that keeps the search. */
function NotFound({ who, error }: { who: string; error: ApiError }) {
  return (
    <section class="not-found" aria-labelledby="not-found-heading">
      <h1 id="not-found-heading">{cs.titles.playerNotFound}</h1>
      <p role="alert">
        {cs.player.notFound(who)}
        {error.code === 'PLAYER_NOT_FOUND' ? null : ` ${error.message}`}
      </p>
      <p>{cs.player.notFoundHint}</p>
      <SearchBox id="not-found-search" label={cs.search.labelElsewhere} />
    </section>
  );
}

const NOT_FOUND_CODES = new Set(['PLAYER_NOT_FOUND', 'INVALID_NICK', 'INVALID_UUID']);

/** A profile as loaded by a route (by nick or by UUID). */
export function ProfileView({
  who,
  loaded,
  retry,
}: {
  who: string;
  loaded: Loaded<PlayerProfile>;
  retry: () => void;
}) {
  const notFound =
    loaded.state === 'failed' && isApiError(loaded.error) && NOT_FOUND_CODES.has(loaded.error.code);
  useTitle(loaded.state === 'ready' ? loaded.data.nick : notFound ? cs.titles.playerNotFound : who);
  if (loaded.state === 'loading') return <Loading />;
  if (loaded.state === 'failed') {
    if (notFound) return <NotFound who={who} error={loaded.error as ApiError} />;
    return (
      <>
        <h1>{who}</h1>
        <Failure error={loaded.error} retry={retry} />
      </>
    );
  }
  return <Profile profile={loaded.data} />;
}
