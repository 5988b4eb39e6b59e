import 'reflect-metadata';
import { runApp } from '@craftstats/platform';
import { createIngestorApp } from './create-ingestor-app';

void runApp(
  'log-ingestor',
  (config, logger) => createIngestorApp(config, logger),
  (config) => config.ingestPort,
);
