import path from 'node:path';
import { Logger } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { ApiConfig, AppDefinition, AppLogger, createApp } from '@craftstats/platform';
import { AppModule } from './app.module';
import { serveApiHome } from './openapi/openapi.home';
import { setupOpenApi } from './openapi/openapi.setup';
import { loadWebsiteFiles } from './website/website.files';
import { serveWebsite } from './website/website.routes';

/** Account requests are small JSON or form bodies; anything larger is refused with 413. */
export const API_BODY_LIMIT = 16 * 1024;

/** The public read API, staff accounts and the panel, with its documentation and the website. */
export const API_APP: AppDefinition<ApiConfig> = {
  name: 'api',
  module: (config, metrics) => AppModule.forRoot(config, metrics),
  bodyLimit: API_BODY_LIMIT,
  cors: (config) => config.cors,
  install: async (app, config) => {
    // DOCS_ENABLED=false: no /docs, /docs-json or UI assets (404 like any unknown path).
    if (config.docsEnabled) setupOpenApi(app);
    // WEB_ENABLED (default): the website's pages and assets at this origin. Without it (or without a
    // build), `/` points a person to the API documentation.
    const site = config.web.enabled ? await loadWebsiteFiles(path.resolve(config.web.dir)) : null;
    if (site !== null) {
      serveWebsite(app, site);
      return;
    }
    if (config.web.enabled) {
      new Logger('Website').warn({
        msg: `no website build in ${path.resolve(config.web.dir)} (npm start builds it; npx nx run web:build); serving the API only`,
      });
    }
    serveApiHome(app, config.docsEnabled);
  },
};

/** Builds the API app without listening (tests listen on an ephemeral port themselves). */
export function createApiApp(config: ApiConfig, logger?: AppLogger): Promise<NestFastifyApplication> {
  return createApp(API_APP, config, logger);
}
