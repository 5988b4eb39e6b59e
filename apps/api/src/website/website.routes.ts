import { NestFastifyApplication } from '@nestjs/platform-fastify';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { WEB_ASSETS_PREFIX, WEB_PAGE_ROUTES } from '@craftstats/contracts';
import { WebsiteFile, WebsiteFiles, pickEncoding } from './website.files';

/**
 * The website's Content-Security-Policy: everything from its own origin only; images also as `data:`
 * URIs (the game server's favicon arrives as one). No inline scripts or styles, no other origin, not
 * even for fonts. The API's own answers keep helmet's policy.
 */
export const WEBSITE_CSP = [
  "default-src 'self'",
  "base-uri 'self'",
  "connect-src 'self'",
  "font-src 'self'",
  "form-action 'self'",
  "frame-ancestors 'none'",
  "img-src 'self' data:",
  "manifest-src 'self'",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self'",
].join('; ');

/** The page may change with every deployment: always revalidated (ETag). */
const PAGE_CACHE_CONTROL = 'no-cache';
/** Asset names carry a hash of their content: cached for a year, never revalidated. */
const ASSET_CACHE_CONTROL = 'public, max-age=31536000, immutable';

function send(
  request: FastifyRequest,
  reply: FastifyReply,
  file: WebsiteFile,
  cacheControl: string,
): FastifyReply {
  void reply
    .header('content-type', file.contentType)
    .header('cache-control', cacheControl)
    .header('etag', file.etag)
    .header('vary', 'Accept-Encoding');
  if (request.headers['if-none-match'] === file.etag) return reply.code(304).send();
  const encoded = pickEncoding(request.headers['accept-encoding'], file);
  if (encoded === null) return reply.send(file.body);
  return reply.header('content-encoding', encoded.name).send(encoded.body);
}

/**
 * Serves the built website (apps/web) at the API's origin (WEB_ENABLED): `index.html` on the
 * website's page routes (`WEB_PAGE_ROUTES` of the contracts: `/`, `/zebricky`, `/zebricky/*`,
 * `/hrac/*`, `/zive`, `/panel`), with the website's CSP and `no-cache`, and the hashed files under
 * `/assets/` with a year of immutable caching. Only these routes are added: every other path keeps the
 * API's answer, an unknown one its JSON 404 — also an unknown file under `/assets/`.
 */
export function serveWebsite(app: NestFastifyApplication, site: WebsiteFiles): void {
  const fastify = app.getHttpAdapter().getInstance();
  const page = (request: FastifyRequest, reply: FastifyReply) =>
    send(request, reply.header('content-security-policy', WEBSITE_CSP), site.page, PAGE_CACHE_CONTROL);
  for (const route of WEB_PAGE_ROUTES) fastify.get(route, page);
  fastify.get(`${WEB_ASSETS_PREFIX}*`, (request: FastifyRequest, reply: FastifyReply) => {
    const name = (request.params as { '*': string })['*'];
    const file = site.assets.get(name);
    if (file === undefined) return reply.callNotFound();
    return send(request, reply, file, ASSET_CACHE_CONTROL);
  });
}
