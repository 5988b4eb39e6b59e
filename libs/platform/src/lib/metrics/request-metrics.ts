import { Counter, Metric, Registry } from 'prom-client';

/** Upper bounds (seconds) of the request-duration histogram's buckets. */
export const DURATION_BUCKETS: readonly number[] = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5];

/** One (method, route) of the duration histogram. */
interface DurationSeries {
  labels: { method: string; route: string };
  /** Requests per bucket (not cumulative), the last one past every bound (+Inf). */
  buckets: Float64Array;
  sum: number;
  count: number;
}

/** One (method, route, status) of the request counter: what was counted since the last scrape. */
interface CountSeries {
  labels: { method: string; route: string; status: string };
  pending: number;
}

/** What one request adds: the two series it counts in, found once per (method, route, status). */
interface RequestSeries {
  count: CountSeries;
  duration: DurationSeries;
}

/** A value of the exposition as prom-client's registry formats it. */
interface ExportedValue {
  metricName: string;
  labels: Record<string, string | number>;
  sharedLabels?: Record<string, string>;
  value: number;
}

/**
 * `http_requests_total` and `http_request_duration_seconds`, counted per request without prom-client's
 * work per observation (docs/performance.md, "Request metrics counted in place"): prom-client's
 * `Counter#inc` and `Histogram#observe` validate and hash the label object on every call, even on a
 * child bound with `labels()`, which was 5–7 % of the API's CPU per request. Here a request finds its
 * series once per (method, route, status) in a Map and adds to plain numbers; the scrape turns them
 * into prom-client's exposition: the counter through prom-client's own `Counter` (its `collect` adds
 * what was counted since the last scrape), the histogram as a metric of this class in the same format
 * (cumulative `_bucket` lines per `le`, then `+Inf`, `_sum`, `_count`).
 */
export class RequestMetrics {
  private readonly byRequest = new Map<string, RequestSeries>();
  private readonly durations = new Map<string, DurationSeries>();
  private readonly counts: CountSeries[] = [];
  readonly requests: Counter<'method' | 'route' | 'status'>;

  constructor(registry: Registry) {
    const counts = this.counts;
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by method, route template and status code',
      labelNames: ['method', 'route', 'status'],
      registers: [registry],
      collect() {
        for (const series of counts) {
          if (series.pending === 0) continue;
          this.inc(series.labels, series.pending);
          series.pending = 0;
        }
      },
    });
    registry.registerMetric(new DurationHistogram(this.durations) as unknown as Metric);
  }

  /** Counts one request and its duration. */
  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let series = this.byRequest.get(key);
    if (series === undefined) {
      series = this.seriesOf(method, route, status);
      this.byRequest.set(key, series);
    }
    series.count.pending += 1;
    const duration = series.duration;
    let bucket = 0;
    while (bucket < DURATION_BUCKETS.length && seconds > (DURATION_BUCKETS[bucket] as number)) bucket++;
    (duration.buckets[bucket] as number) += 1;
    duration.sum += seconds;
    duration.count += 1;
  }

  /**
   * Bounded like the routes: the methods Node's parser accepts × the route templates × the statuses.
   */
  private seriesOf(method: string, route: string, status: number): RequestSeries {
    const count: CountSeries = { labels: { method, route, status: String(status) }, pending: 0 };
    this.counts.push(count);
    const durationKey = `${method} ${route}`;
    let duration = this.durations.get(durationKey);
    if (duration === undefined) {
      duration = {
        labels: { method, route },
        buckets: new Float64Array(DURATION_BUCKETS.length + 1),
        sum: 0,
        count: 0,
      };
      this.durations.set(durationKey, duration);
    }
    return { count, duration };
  }
}

/** `http_request_duration_seconds` as prom-client's registry reads a histogram. */
class DurationHistogram {
  readonly name = 'http_request_duration_seconds';
  readonly help = 'HTTP request duration by method and route template';
  readonly type = 'histogram';
  readonly aggregator = 'sum';

  constructor(private readonly series: ReadonlyMap<string, DurationSeries>) {}

  /** The exposition (`Registry#metrics`): the series' labels shared by its lines, as prom-client does. */
  getForPromString() {
    const values: ExportedValue[] = [];
    for (const { labels, buckets, sum, count } of this.series.values()) {
      const bucketName = `${this.name}_bucket`;
      let cumulative = 0;
      DURATION_BUCKETS.forEach((le, i) => {
        cumulative += buckets[i] as number;
        values.push({ metricName: bucketName, labels: { le }, sharedLabels: labels, value: cumulative });
      });
      values.push(
        { metricName: bucketName, labels: { le: '+Inf' }, sharedLabels: labels, value: count },
        { metricName: `${this.name}_sum`, labels: {}, sharedLabels: labels, value: sum },
        { metricName: `${this.name}_count`, labels: {}, sharedLabels: labels, value: count },
      );
    }
    return { name: this.name, help: this.help, type: this.type, values, aggregator: this.aggregator };
  }

  /** The JSON form (`Registry#getMetricsAsJSON`): each line's labels in full. */
  get() {
    const data = this.getForPromString();
    return {
      ...data,
      values: data.values.map(({ sharedLabels, labels, ...rest }) => ({
        ...rest,
        labels: { ...labels, ...sharedLabels },
      })),
    };
  }

  reset(): void {
    for (const series of this.series.values()) {
      series.buckets.fill(0);
      series.sum = 0;
      series.count = 0;
    }
  }
}
