import { Counter, Histogram, Registry } from 'prom-client';
import { DURATION_BUCKETS, RequestMetrics } from './request-metrics';

/** prom-client's own Counter and Histogram fed the same requests: what the exposition must equal. */
function reference(registry: Registry) {
  const requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests by method, route template and status code',
    labelNames: ['method', 'route', 'status'],
    registers: [registry],
  });
  const duration = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'HTTP request duration by method and route template',
    labelNames: ['method', 'route'],
    buckets: [...DURATION_BUCKETS],
    registers: [registry],
  });
  return (method: string, route: string, status: number, seconds: number) => {
    requests.inc({ method, route, status: String(status) });
    duration.observe({ method, route }, seconds);
  };
}

describe('RequestMetrics', () => {
  const requests: Array<[string, string, number, number]> = [
    ['GET', '/player/:nick', 200, 0.0004],
    ['GET', '/player/:nick', 200, 0.001],
    ['GET', '/player/:nick', 404, 0.0011],
    ['GET', '/economy/log', 304, 0.03],
    ['HEAD', '/economy/log', 200, 0.26],
    ['POST', '/account/login', 429, 3],
  ];

  it('exposes exactly what prom-client’s Counter and Histogram would, scrape after scrape', async () => {
    const ours = new Registry();
    const theirs = new Registry();
    for (const registry of [ours, theirs]) registry.setDefaultLabels({ app: 'test' });
    const metrics = new RequestMetrics(ours);
    const observe = reference(theirs);
    for (const request of requests) {
      metrics.observe(...request);
      observe(...request);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    // A second scrape adds only what was counted since the first.
    for (const request of requests.slice(0, 3)) {
      metrics.observe(...request);
      observe(...request);
    }
    expect(await ours.metrics()).toBe(await theirs.metrics());
    // The JSON form too, but for prom-client's exemplar fields (exemplars are off).
    const withoutExemplars = (metrics: object[]) =>
      JSON.parse(JSON.stringify(metrics, (key, value: unknown) => (key === 'exemplar' ? undefined : value)));
    expect(await ours.getMetricsAsJSON()).toEqual(withoutExemplars(await theirs.getMetricsAsJSON()));
  });
});
