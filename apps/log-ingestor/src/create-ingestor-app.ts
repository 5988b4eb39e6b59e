import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { INGEST_MAX_BYTES } from '@craftstats/contracts';
import { IngestorConfig, AppLogger, Metrics, createHttpApp } from '@craftstats/platform';
import { AppModule } from './app.module';

/** Builds the ingestor app without listening (tests listen on an ephemeral port themselves). */
export async function createIngestorApp(
  config: IngestorConfig,
  logger?: AppLogger,
): Promise<NestFastifyApplication> {
  const metrics = new Metrics('log-ingestor');
  const app = await createHttpApp(AppModule.forRoot(config, metrics), {
    name: 'log-ingestor',
    bodyLimit: INGEST_MAX_BYTES,
    metrics,
    logging: config.logging,
    logger,
    trustProxy: config.trustProxy,
  });
  await app.init();
  return app;
}
