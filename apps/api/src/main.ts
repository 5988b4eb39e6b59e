import 'reflect-metadata';
import { runApp } from '@craftstats/platform';
import { createApiApp } from './create-api-app';

void runApp(
  'api',
  (config, logger) => createApiApp(config, logger),
  (config) => config.apiPort,
);
