import { createHash, timingSafeEqual } from 'node:crypto';
import { Controller, Get, Header, Headers, Inject, Logger, Module, OnModuleInit } from '@nestjs/common';
import { ApiExcludeController } from '@nestjs/swagger';
import { Registry, collectDefaultMetrics } from 'prom-client';
import { ServiceConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { DomainError } from '@craftstats/domain';
import { RequestMetrics } from './request-metrics';

/** Prometheus metrics of one process: Node defaults plus HTTP request counters and latencies. */
export class Metrics {
  readonly registry = new Registry();
  private readonly requests: RequestMetrics;

  constructor(app: string) {
    this.registry.setDefaultLabels({ app });
    collectDefaultMetrics({ register: this.registry });
    this.requests = new RequestMetrics(this.registry);
  }

  /** Counts one answered request (`http_requests_total`) and its duration (`http_request_duration_seconds`). */
  observe(method: string, route: string, status: number, seconds: number): void {
    this.requests.observe(method, route, status, seconds);
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
