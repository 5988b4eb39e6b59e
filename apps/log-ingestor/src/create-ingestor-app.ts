import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { INGEST_MAX_BYTES } from '@craftstats/contracts';
import { AppDefinition, AppLogger, IngestorConfig, createApp } from '@craftstats/platform';
import { AppModule } from './app.module';

/** The write path: game servers post their events here. */
export const INGESTOR_APP: AppDefinition<IngestorConfig> = {
  name: 'log-ingestor',
  module: (config, metrics) => AppModule.forRoot(config, metrics),
  bodyLimit: INGEST_MAX_BYTES,
};

/** Builds the ingestor app without listening (tests listen on an ephemeral port themselves). */
export function createIngestorApp(
  config: IngestorConfig,
  logger?: AppLogger,
): Promise<NestFastifyApplication> {
  return createApp(INGESTOR_APP, config, logger);
}
