import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Header, Headers, Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Counter, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import { ServiceConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { DomainError } from '@craftstats/domain';

/** Prometheus metrics of one process: Node defaults plus HTTP request counters and latencies. */
export class Metrics {
  readonly registry = new Registry();
  readonly requests: Counter<'method' | 'route' | 'status'>;
  readonly duration: Histogram<'method' | 'route'>;

  constructor(app: string) {
    this.registry.setDefaultLabels({ app });
    collectDefaultMetrics({ register: this.registry });
    this.requests = new Counter({
      name: 'http_requests_total',
      help: 'HTTP requests by method, route template and status code',
      labelNames: ['method', 'route', 'status'],
      registers: [this.registry],
    });
    this.duration = new Histogram({
      name: 'http_request_duration_seconds',
      help: 'HTTP request duration by method and route template',
      labelNames: ['method', 'route'],
      buckets: [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5],
      registers: [this.registry],
    });
  }

  /**
   * The counter and histogram children of each (method, route, status), made on first use: prom-client
   * hashes the label object on every `inc`/`observe` with labels, a cost per request; a child is bound
   * to its labels once. Bounded: the methods Node's parser accepts × the route templates × the statuses.
   */
  private readonly children = new Map<string, { count: () => void; time: (seconds: number) => void }>();

  observe(method: string, route: string, status: number, seconds: number): void {
    const key = `${method} ${status} ${route}`;
    let child = this.children.get(key);
    if (child === undefined) {
      const counter = this.requests.labels({ method, route, status: String(status) });
      const histogram = this.duration.labels({ method, route });
      child = { count: () => counter.inc(), time: (s: number) => histogram.observe(s) };
      this.children.set(key, child);
    }
    child.count();
    child.time(seconds);
  }
}

function digest(value: string): Buffer {
  return createHash('sha256').update(value).digest();
}

/**
 * Whether a scrape may read /metrics: with METRICS_TOKEN set, only with `Authorization: Bearer
 * <token>` (compared in constant time); without one, outside production only — in production the
 * endpoint stays closed until a token is configured.
 */
export function metricsAccessAllowed(
  config: Pick<ServiceConfig, 'metricsToken' | 'production'>,
  authorization: string | undefined,
): boolean {
  if (config.metricsToken === null) return !config.production;
  const match = /^Bearer (.+)$/.exec(authorization ?? '');
  return match !== null && timingSafeEqual(digest(match[1]), digest(config.metricsToken));
}

@ApiExcludeController()
@Controller('metrics')
export class MetricsController implements OnModuleInit {
  constructor(
    @Inject(Metrics) private readonly metrics: Metrics,
    @Inject(APP_CONFIG) private readonly config: ServiceConfig,
  ) {}

  onModuleInit(): void {
    if (this.config.production && this.config.metricsToken === null) {
      new Logger('Metrics').warn({
        msg: 'METRICS_TOKEN is not set: GET /metrics answers 401 in production until it is',
        variable: 'METRICS_TOKEN',
      });
    }
  }

  @Get()
  @Header('content-type', 'text/plain; version=0.0.4; charset=utf-8')
  @Header('cache-control', 'no-store')
  scrape(@Headers('authorization') authorization: string | undefined): Promise<string> {
    if (!metricsAccessAllowed(this.config, authorization)) {
      throw DomainError.of('UNAUTHORIZED');
    }
    return this.metrics.registry.metrics();
  }
}

@Module({})
export class MetricsModule {
  static forApp(metrics: Metrics) {
    return {
      module: MetricsModule,
      global: true,
      controllers: [MetricsController],
      providers: [{ provide: Metrics, useValue: metrics }],
      exports: [Metrics],
    };
  }
}
