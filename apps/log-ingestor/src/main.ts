import 'reflect-metadata';
import { loadIngestorConfig, runApp } from '@craftstats/platform';
import { createIngestorApp } from './create-ingestor-app';

void runApp({
  name: 'log-ingestor',
  load: loadIngestorConfig,
  build: (config, logger) => createIngestorApp(config, logger),
  portVariable: 'INGEST_PORT',
  port: (config) => config.ingestPort,
});
