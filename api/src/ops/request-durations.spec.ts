import { Histogram, Registry } from 'prom-client';

import { RequestDurations } from './request-durations';

const NAME = 'http_request_duration_seconds';
const HELP = 'HTTP requests by method, route pattern and status.';
const BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

/** Observations: on a bound, between bounds, above them all, and a route to escape. */
const OBSERVED: [string, string, number, number][] = [
  ['GET', '/users/me', 200, 0.0021],
  ['GET', '/users/me', 200, 0.005],
  ['GET', '/users/me', 200, 0.3],
  ['GET', '/users/me', 401, 0.001],
  ['POST', '/academy/courses/:id', 200, 12],
  ['GET', 'un"matched\\', 404, 0.07],
];

/** The same observations through prom-client's Histogram and through ours. */
function both(): [Registry, Registry, RequestDurations] {
  const theirs = new Registry();
  const histogram = new Histogram({
    name: NAME,
    help: HELP,
    labelNames: ['method', 'route', 'status'],
    buckets: BUCKETS,
    registers: [theirs],
  });
  const ours = new Registry();
  const durations = new RequestDurations(NAME, HELP, BUCKETS);
  ours.registerMetric(durations.asMetric());
  for (const [method, route, status, seconds] of OBSERVED) {
    histogram.observe({ method, route, status }, seconds);
    durations.observe(method, route, status, seconds);
  }
  return [theirs, ours, durations];
}

describe(RequestDurations.name, () => {
  it('writes the text prom-client’s Histogram writes for the same requests', async () => {
    const [theirs, ours] = both();
    const text = await ours.metrics();
    expect(text).toBe(await theirs.metrics());
    expect(text).toContain(
      `${NAME}_bucket{le="0.005",method="GET",route="/users/me",status="200"} 2`,
    );
    expect(text).toContain(
      `${NAME}_bucket{le="+Inf",method="POST",route="/academy/courses/:id",status="200"} 1`,
    );
  });

  it('answers the JSON prom-client’s Histogram answers', async () => {
    const [theirs, ours] = both();
    expect(await ours.getMetricsAsJSON()).toEqual(await theirs.getMetricsAsJSON());
  });

  it('starts again from nothing when the registry is reset', async () => {
    const [, ours, durations] = both();
    ours.resetMetrics();
    expect(await ours.metrics()).not.toContain('_bucket');
    durations.observe('GET', '/health', 200, 0.001);
    expect(await ours.metrics()).toContain(
      `${NAME}_count{method="GET",route="/health",status="200"} 1`,
    );
  });
});
