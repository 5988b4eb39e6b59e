/**
 * The player-count graph, drawn by uPlot (canvas). Loaded on demand by `PlayerCountGraph`, so pages
 * without the graph never download uPlot.
 */
import uPlot from 'uplot';
import 'uplot/dist/uPlot.min.css';
import type { PlayerCountHistoryPoint } from '@craftstats/contracts';
import { cs } from '../i18n/cs';
import { formatNumber, formatShortTime } from '../lib/format';

export interface DrawnChart {
  resize(width: number): void;
  destroy(): void;
}

const HEIGHT = 240;
const COLORS = {
  online: '#1b6e42',
  fill: 'rgba(27, 110, 66, 0.14)',
  grid: '#e2e7ea',
  axis: '#4a555c',
};

/**
 * Series for uPlot (the online count; the slot count would flatten it and is in the data table): times in seconds, and a `null` wherever minutes are missing from the history (the
 * API was down), so the line breaks there instead of bridging the gap.
 */
export function chartData(points: PlayerCountHistoryPoint[]): [number[], (number | null)[]] {
  const steps = points.slice(1).map((p, i) => p.time - (points[i] as PlayerCountHistoryPoint).time);
  const step = steps.length === 0 ? 60_000 : Math.min(...steps);
  const xs: number[] = [];
  const online: (number | null)[] = [];
  points.forEach((point, i) => {
    const previous = points[i - 1];
    if (previous !== undefined && point.time - previous.time > 2 * step) {
      xs.push((previous.time + step) / 1000);
      online.push(null);
    }
    xs.push(point.time / 1000);
    online.push(point.online);
  });
  return [xs, online];
}

export function drawChart(
  container: HTMLElement,
  points: PlayerCountHistoryPoint[],
  width: number,
  onDrawn: (drawnPoints: number) => void,
): DrawnChart {
  const data = chartData(points);
  const span =
    points.length < 2
      ? 0
      : (points.at(-1) as PlayerCountHistoryPoint).time - (points[0] as PlayerCountHistoryPoint).time;
  const axisTime = (seconds: number): string => {
    const text = formatShortTime(seconds * 1000);
    // Within two days the hour says enough; beyond, the day.
    return span <= 2 * 86_400_000 ? (text.split(' ').at(-1) ?? text) : text.split(' ').slice(0, 2).join(' ');
  };
  const chart = new uPlot(
    {
      width,
      height: HEIGHT,
      legend: { show: false },
      cursor: { drag: { x: false, y: false } },
      scales: { x: { time: true }, y: { range: (_u, _min, max) => [0, Math.max(5, Math.ceil(max * 1.1))] } },
      axes: [
        {
          stroke: COLORS.axis,
          grid: { stroke: COLORS.grid, width: 1 },
          ticks: { stroke: COLORS.grid, width: 1 },
          values: (_u, splits) => splits.map(axisTime),
        },
        {
          stroke: COLORS.axis,
          size: 44,
          grid: { stroke: COLORS.grid, width: 1 },
          ticks: { stroke: COLORS.grid, width: 1 },
          values: (_u, splits) => splits.map((v) => formatNumber(v)),
        },
      ],
      series: [
        {},
        {
          label: cs.home.chartOnline,
          stroke: COLORS.online,
          width: 2,
          fill: COLORS.fill,
          points: { show: false },
        },
      ],
      hooks: {
        draw: [(u) => onDrawn((u.data[1] ?? []).filter((v) => v !== null && v !== undefined).length)],
      },
    },
    data,
    container,
  );
  return {
    resize: (next) => chart.setSize({ width: next, height: HEIGHT }),
    destroy: () => chart.destroy(),
  };
}
