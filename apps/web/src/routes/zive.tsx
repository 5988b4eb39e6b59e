import { useState } from 'preact/hooks';
import {
  AchievementsLiveList,
  EconomyLiveList,
  StreamStatus,
  useAchievementsLive,
  useEconomyLive,
} from '../components/live-log-list';
import { useTitle } from '../components/use-title';
import { cs } from '../i18n/cs';

/** How many entries each live log keeps on screen (the REST endpoints' 50, then the newest). */
const KEEP = 50;

/** `/zive`: both logs streaming (Server-Sent Events), with a pause button. */
export function LivePage() {
  useTitle(cs.titles.live);
  const [paused, setPaused] = useState(false);
  const economy = useEconomyLive(KEEP, paused);
  const achievements = useAchievementsLive(KEEP, paused);
  const pending = economy.pending + achievements.pending;
  return (
    <>
      <div class="page-head">
        <h1>{cs.live.heading}</h1>
        <button type="button" class="pause" aria-pressed={paused} onClick={() => setPaused(!paused)}>
          {paused ? cs.live.resume : cs.live.pause}
        </button>
      </div>
      <p>{cs.live.intro}</p>
      {paused ? (
        <p class="paused" role="status">
          {cs.live.paused(pending)}
        </p>
      ) : (
        <StreamStatus logs={[economy, achievements]} />
      )}
      <div class="grid two">
        <section class="card" aria-labelledby="live-economy">
          <h2 id="live-economy">{cs.live.economy}</h2>
          <EconomyLiveList log={economy} label={cs.live.economy} />
        </section>
        <section class="card" aria-labelledby="live-achievements">
          <h2 id="live-achievements">{cs.live.achievements}</h2>
          <AchievementsLiveList log={achievements} label={cs.live.achievements} />
        </section>
      </div>
    </>
  );
}
