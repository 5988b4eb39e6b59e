import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply } from 'fastify';

/**
 * Swagger UI at `GET /docs`, its assets under `/docs/…`, all served by this app from the
 * `swagger-ui-dist` package (never from a CDN). Only the four files the page needs are exposed; every
 * other path under /docs is an ordinary 404 envelope.
 *
 * Served here rather than by SwaggerModule's UI option, which registers `@fastify/static`: that
 * package's dependency content-disposition@3 is ES-module-only, which Node ≥ 20.19 loads but Jest's
 * CommonJS runtime cannot — it would stop every e2e suite that boots the API.
 */
const ASSETS: Record<string, string> = {
  'swagger-ui.css': 'text/css; charset=utf-8',
  'swagger-ui-bundle.js': 'application/javascript; charset=utf-8',
  'favicon-32x32.png': 'image/png',
  'favicon-16x16.png': 'image/png',
};

/** Paths are relative to the page (`/docs`), so the UI also works behind a reverse-proxy prefix. */
const PAGE = `<!DOCTYPE html>
<html lang="cs">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>craftstats API – dokumentace</title>
  <link rel="stylesheet" href="docs/swagger-ui.css">
  <link rel="icon" type="image/png" href="docs/favicon-32x32.png" sizes="32x32">
  <link rel="icon" type="image/png" href="docs/favicon-16x16.png" sizes="16x16">
  <style>body { margin: 0; } .swagger-ui .topbar { display: none; }</style>
</head>
<body>
  <noscript>Dokumentace API potřebuje JavaScript. Strojově čitelný popis je na adrese <a href="docs-json">/docs-json</a>.</noscript>
  <div id="swagger-ui"></div>
  <script src="docs/swagger-ui-bundle.js"></script>
  <script src="docs/swagger-ui-init.js"></script>
</body>
</html>
`;

const INIT = `window.addEventListener('load', function () {
  window.ui = SwaggerUIBundle({
    url: new URL('docs-json', window.location.href).href,
    dom_id: '#swagger-ui',
    deepLinking: true,
    docExpansion: 'list',
    displayRequestDuration: true,
    validatorUrl: null,
    presets: [SwaggerUIBundle.presets.apis],
    layout: 'BaseLayout'
  });
});
`;

const ONE_DAY = 'public, max-age=86400';

function assetsDir(): string {
  return path.dirname(require.resolve('swagger-ui-dist/package.json'));
}

export function serveSwaggerUi(app: NestFastifyApplication, docsPath: string): void {
  const fastify = app.getHttpAdapter().getInstance();
  const cache = new Map<string, Buffer>();
  const load = async (file: string): Promise<Buffer> => {
    const hit = cache.get(file);
    if (hit !== undefined) return hit;
    const content = await readFile(path.join(assetsDir(), file));
    cache.set(file, content);
    return content;
  };
  const send = (reply: FastifyReply, type: string, cacheControl: string, body: string | Buffer) =>
    reply.header('content-type', type).header('cache-control', cacheControl).send(body);

  fastify.get(docsPath, (_request, reply) => send(reply, 'text/html; charset=utf-8', 'no-cache', PAGE));
  fastify.get(`${docsPath}/swagger-ui-init.js`, (_request, reply) =>
    send(reply, 'application/javascript; charset=utf-8', 'no-cache', INIT),
  );
  for (const [file, type] of Object.entries(ASSETS)) {
    fastify.get(`${docsPath}/${file}`, async (_request, reply) =>
      send(reply, type, ONE_DAY, await load(file)),
    );
  }
}
