import 'reflect-metadata';
import { loadApiConfig, runApp } from '@craftstats/platform';
import { createApiApp } from './create-api-app';

void runApp({
  name: 'api',
  load: loadApiConfig,
  build: (config, logger) => createApiApp(config, logger),
  portVariable: 'API_PORT',
  port: (config) => config.apiPort,
});
