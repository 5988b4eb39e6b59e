import { NestFastifyApplication } from '@nestjs/platform-fastify';

/**
 * `GET /`, for a person who opens the API's address: a redirect to the API documentation (`/docs`).
 * With DOCS_ENABLED=false it answers where the health check is instead. Not part of the OpenAPI
 * document; the website, when served, takes this path over.
 */
export function serveApiHome(app: NestFastifyApplication, docsEnabled: boolean): void {
  const fastify = app.getHttpAdapter().getInstance();
  fastify.get('/', (_request, reply) => {
    if (docsEnabled) return reply.redirect('/docs', 302);
    return reply
      .header('cache-control', 'no-cache')
      .send({ status: 200, data: { service: 'craftstats API', health: '/health' } });
  });
}
