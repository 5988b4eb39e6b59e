import { Metrics } from './metrics';

describe('Metrics.observe', () => {
  it('counts and times each (method, route, status) under its own labels', async () => {
    const metrics = new Metrics('test');
    metrics.observe('GET', '/a', 200, 0.002);
    metrics.observe('GET', '/a', 200, 0.2);
    metrics.observe('GET', '/a', 304, 0.002);
    metrics.observe('HEAD', '/b', 200, 0.002);
    const text = await metrics.registry.metrics();
    const value = (prefix: string) =>
      Number(
        text
          .split('\n')
          .find((line) => line.startsWith(prefix))
          ?.split(' ')
          .pop(),
      );
    expect(value('http_requests_total{method="GET",route="/a",status="200",app="test"}')).toBe(2);
    expect(value('http_requests_total{method="GET",route="/a",status="304",app="test"}')).toBe(1);
    expect(value('http_requests_total{method="HEAD",route="/b",status="200",app="test"}')).toBe(1);
    // The histogram is per (method, route): both statuses of GET /a, one of them over 0.1 s.
    expect(value('http_request_duration_seconds_count{app="test",method="GET",route="/a"}')).toBe(3);
    expect(value('http_request_duration_seconds_bucket{le="0.1",app="test",method="GET",route="/a"}')).toBe(
      2,
    );
  });
});
