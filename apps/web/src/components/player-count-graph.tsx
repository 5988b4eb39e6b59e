import { useEffect, useRef, useState } from 'preact/hooks';
import type { PlayerCountHistoryPoint } from '@craftstats/contracts';
import { cs } from '../i18n/cs';
import { api } from '../lib/api';
import { formatDateTime, formatNumber } from '../lib/format';
import { useApi } from '../lib/use-api';
import { Failure, Loading } from './failure';
import type { DrawnChart } from './player-count-chart';

const RANGES = [
  { hours: 24, label: cs.home.range24h },
  { hours: 168, label: cs.home.range7d },
  { hours: 720, label: cs.home.range30d },
] as const;

const oneDecimal = new Intl.NumberFormat('cs-CZ', { maximumFractionDigits: 1 });

function Chart({ points, summary }: { points: PlayerCountHistoryPoint[]; summary: string }) {
  const box = useRef<HTMLDivElement>(null);
  const [drawn, setDrawn] = useState<number | null>(null);
  useEffect(() => {
    const element = box.current;
    if (element === null) return undefined;
    let chart: DrawnChart | null = null;
    let cancelled = false;
    let observer: ResizeObserver | null = null;
    void import('./player-count-chart').then(({ drawChart }) => {
      if (cancelled) return;
      chart = drawChart(element, points, element.clientWidth, setDrawn);
      observer = new ResizeObserver(() => chart?.resize(element.clientWidth));
      observer.observe(element);
    });
    return () => {
      cancelled = true;
      observer?.disconnect();
      chart?.destroy();
    };
  }, [points]);
  return (
    <div
      ref={box}
      class="chart"
      role="img"
      aria-label={summary}
      data-points={drawn === null ? undefined : String(drawn)}
    />
  );
}

/** The player-count history as a graph over 24 hours, 7 or 30 days, with its data as a table. */
export function PlayerCountGraph() {
  const [hours, setHours] = useState<number>(24);
  const [history, retry] = useApi((signal) => api.playerCountHistory(hours, { signal }), [hours]);
  const range = RANGES.find((r) => r.hours === hours)?.label ?? '';
  return (
    <section class="card wide" aria-labelledby="graph-heading">
      <div class="card-head">
        <h2 id="graph-heading">{cs.home.chartHeading}</h2>
        <div class="segmented" role="group" aria-label={cs.home.ranges}>
          {RANGES.map((r) => (
            <button
              key={r.hours}
              type="button"
              aria-pressed={r.hours === hours}
              onClick={() => setHours(r.hours)}
            >
              {r.label}
            </button>
          ))}
        </div>
      </div>
      {history.state === 'loading' ? (
        <div class="chart-placeholder">
          <Loading />
        </div>
      ) : history.state === 'failed' ? (
        <Failure error={history.error} retry={retry} />
      ) : history.data.length === 0 ? (
        <p class="muted chart-placeholder">{cs.home.chartEmpty}</p>
      ) : (
        <GraphBody points={history.data} range={range} />
      )}
    </section>
  );
}

function GraphBody({ points, range }: { points: PlayerCountHistoryPoint[]; range: string }) {
  const online = points.map((p) => p.online);
  const summary = cs.home.chartSummary(
    range,
    oneDecimal.format(online.at(-1) ?? 0),
    oneDecimal.format(Math.max(...online)),
    oneDecimal.format(Math.min(...online)),
  );
  return (
    <>
      <Chart points={points} summary={summary} />
      <p class="muted">{summary}</p>
      <details class="chart-data">
        <summary>{cs.home.chartData}</summary>
        <div class="scroll" tabIndex={0} role="region" aria-label={cs.home.chartData}>
          <table>
            <thead>
              <tr>
                <th scope="col">{cs.home.chartTime}</th>
                <th scope="col" class="num">
                  {cs.home.chartOnline}
                </th>
                <th scope="col" class="num">
                  {cs.home.chartMax}
                </th>
              </tr>
            </thead>
            <tbody>
              {points.map((point) => (
                <tr key={point.time}>
                  <td>
                    <time dateTime={new Date(point.time).toISOString()}>{formatDateTime(point.time)}</time>
                  </td>
                  <td class="num">{oneDecimal.format(point.online)}</td>
                  <td class="num">{formatNumber(point.max)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </details>
    </>
  );
}
