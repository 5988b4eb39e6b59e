import { Controller, Get, Header, Inject } from '@nestjs/common';
import { ApiOperation, ApiResponse, ApiTags } from '@nestjs/swagger';
import { DataSource } from 'typeorm';
import { withDatabaseTimeout } from '@craftstats/persistence';
import { ServiceConfig } from '../config/app-config';
import { APP_CONFIG } from '../config/config.module';
import { DomainError } from '@craftstats/domain';
import { UNAVAILABLE_RETRY_AFTER_SECONDS } from '../errors/error-envelope';

@ApiTags('Provoz')
@Controller('health')
export class HealthController {
  constructor(
    @Inject(DataSource) private readonly dataSource: DataSource,
    @Inject(APP_CONFIG) private readonly config: ServiceConfig,
  ) {}

  @Get()
  @Header('cache-control', 'no-store')
  @ApiOperation({ summary: 'Proces běží', description: 'Liveness: odpoví, dokud proces přijímá požadavky.' })
  @ApiResponse({ status: 200, description: 'Proces běží.' })
  live(): { status: 'ok' } {
    return { status: 'ok' };
  }

  @Get('ready')
  @Header('cache-control', 'no-store')
  @ApiOperation({
    summary: 'Připravenost',
    description: 'Readiness: databáze odpoví na dotaz do 2 s. Jinak 503 UNAVAILABLE.',
  })
  @ApiResponse({ status: 200, description: 'Databáze je dostupná.' })
  @ApiResponse({ status: 503, description: 'Databáze není dostupná.' })
  async ready(): Promise<{ status: 'ok'; database: 'up' }> {
    try {
      await withDatabaseTimeout(this.dataSource.query('SELECT 1'), 'query', this.config.timeouts.readinessMs);
    } catch {
      throw DomainError.of('UNAVAILABLE', { retryAfterSeconds: UNAVAILABLE_RETRY_AFTER_SECONDS });
    }
    return { status: 'ok', database: 'up' };
  }
}
