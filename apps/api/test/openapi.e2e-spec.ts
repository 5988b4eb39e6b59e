import { ERROR_CODES } from '@craftstats/contracts';
import { TestDatabase, createTestDatabase } from '@craftstats/persistence/testing';
import { RunningApp, bootApp, testConfig } from '@craftstats/platform/testing';
import { createApiApp } from '../src/create-api-app';
import { OPENAPI_TAGS } from '../src/openapi/openapi.setup';

// The OpenAPI document does not depend on the database, so one SQLite database is enough here.

interface Operation {
  summary?: string;
  description?: string;
  tags?: string[];
  responses?: Record<
    string,
    { description?: string; content?: Record<string, { schema?: { $ref?: string } }> }
  >;
}
type OpenApiDocument = {
  openapi: string;
  info: { title: string; description: string; version: string };
  servers?: { url: string; description?: string }[];
  tags?: { name: string; description?: string }[];
  paths: Record<string, Record<string, Operation>>;
  components: {
    securitySchemes?: Record<string, Record<string, unknown>>;
    schemas?: Record<string, { required?: string[]; enum?: string[]; properties?: Record<string, unknown> }>;
  };
};

const HTTP_METHODS = ['get', 'put', 'post', 'delete', 'patch', 'options', 'head', 'trace'];
const CZECH_LETTER = /[áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ]/;
/** The liveness probe has no failure answer of its own (only the generic 500 every route shares). */
const WITHOUT_OWN_ERRORS = new Set(['GET /health']);

/**
 * Every route Fastify knows, as `METHOD /path/{param}`, read from its router tree
 * (`printRoutes({ commonPrefix: false })`, one node per line, four columns per level). Reading the
 * router rather than Nest's metadata also catches routes registered on Fastify directly.
 */
function registeredRoutes(tree: string): string[] {
  const routes: string[] = [];
  const stack: string[] = [];
  for (const line of tree.split('\n')) {
    const match = /^((?:[│ ] {3})*)[├└]── (.*?)(?: \(([A-Z, ]+)\))?$/u.exec(line);
    if (!match) continue;
    const depth = [...match[1]].length / 4;
    stack.length = depth;
    stack.push(match[2]);
    for (const method of match[3]?.split(', ') ?? []) {
      routes.push(`${method} ${stack.join('').replace(/:([A-Za-z0-9_]+)/g, '{$1}')}`);
    }
  }
  return routes;
}

function operations(document: OpenApiDocument): { key: string; operation: Operation }[] {
  return Object.entries(document.paths).flatMap(([path, item]) =>
    Object.entries(item)
      .filter(([method]) => HTTP_METHODS.includes(method))
      .map(([method, operation]) => ({ key: `${method.toUpperCase()} ${path}`, operation })),
  );
}

describe('API documentation: OpenAPI document at /docs-json and Swagger UI at /docs', () => {
  let db: TestDatabase;
  let running: RunningApp;
  let document: OpenApiDocument;
  let docsJson: { status: number; type: string | null; body: string };

  beforeAll(async () => {
    db = await createTestDatabase('sqlite');
    running = await bootApp('api', createApiApp, testConfig({ DATABASE_URL: db.url }));
    const res = await fetch(`${running.url}/docs-json`);
    docsJson = { status: res.status, type: res.headers.get('content-type'), body: await res.text() };
    document = JSON.parse(docsJson.body) as OpenApiDocument;
  });
  afterAll(async () => {
    await running?.close();
    await db?.drop();
  });

  it('answers GET /docs-json with 200 and a JSON body', () => {
    expect(docsJson.status).toBe(200);
    expect(docsJson.type).toBe('application/json; charset=utf-8');
    expect(() => JSON.parse(docsJson.body) as unknown).not.toThrow();
  });

  it('is an OpenAPI 3 document titled "craftstats API" with a Czech description and a relative server', () => {
    expect(document.openapi).toMatch(/^3\.\d+\.\d+$/);
    expect(document.info.title).toBe('craftstats API');
    expect(document.info.description).toMatch(CZECH_LETTER);
    expect(document.info.description).toContain('{ "status", "error", "message" }');
    expect(document.servers).toEqual([{ url: '/', description: 'Tento server' }]);
  });

  it('declares the bearer JWT scheme and the x-access-token header scheme', () => {
    expect(document.components.securitySchemes).toEqual({
      bearer: expect.objectContaining({ type: 'http', scheme: 'bearer', bearerFormat: 'JWT' }),
      'x-access-token': expect.objectContaining({ type: 'apiKey', in: 'header', name: 'x-access-token' }),
    });
  });

  it('has the shared ErrorEnvelope and AccountResult schemas', () => {
    const schemas = document.components.schemas ?? {};
    expect(schemas['ErrorEnvelope']?.required).toEqual(['status', 'error', 'message']);
    expect(schemas['ErrorEnvelope']?.properties?.['error']).toMatchObject({
      allOf: [{ $ref: '#/components/schemas/ErrorCode' }],
    });
    expect(schemas['ErrorCode']?.enum).toEqual([...ERROR_CODES]);
    expect(schemas['AccountResult']?.required).toEqual(['success', 'message']);
  });

  it('declares its Czech tags, each with a description, and every operation uses only declared tags', () => {
    expect(document.tags).toEqual(
      OPENAPI_TAGS.map((tag) => ({ name: tag.name, description: tag.description })),
    );
    const declared = new Set<string>(OPENAPI_TAGS.map((tag) => tag.name));
    const undeclared = operations(document).flatMap(({ key, operation }) =>
      (operation.tags ?? []).filter((tag) => !declared.has(tag)).map((tag) => `${key}: ${tag}`),
    );
    expect(undeclared).toEqual([]);
  });

  it('documents exactly the routes the app serves (except /, /docs*, /metrics and HEAD/OPTIONS)', () => {
    const tree = running.app.getHttpAdapter().getInstance().printRoutes({ commonPrefix: false });
    const served = registeredRoutes(tree).filter(
      (route) =>
        !/^(HEAD|OPTIONS) /.test(route) && !/^[A-Z]+ \/(docs|metrics)(\W|$)/.test(route) && route !== 'GET /',
    );
    // The parser must see the routes the platform always registers, or the comparison proves nothing.
    expect(served).toEqual(expect.arrayContaining(['GET /health', 'GET /health/ready']));
    const documented = operations(document).map(({ key }) => key);
    expect([...new Set(documented)].sort()).toEqual([...new Set(served)].sort());
    // Doubled slashes are matched as one (ADR 0068); the document names each path once, single-slashed.
    expect(Object.keys(document.paths).filter((path) => path.includes('//'))).toEqual([]);
  });

  it('gives every operation a Czech summary and description', () => {
    const missing = operations(document)
      .filter(({ operation }) => {
        const summary = operation.summary?.trim() ?? '';
        return summary === '' || !CZECH_LETTER.test(`${summary} ${operation.description ?? ''}`);
      })
      .map(({ key }) => key);
    expect(missing).toEqual([]);
  });

  it('documents at least one error answer (4xx/5xx) of its own on every operation', () => {
    const withoutErrors = operations(document)
      .filter(({ key }) => !WITHOUT_OWN_ERRORS.has(key))
      .filter(
        ({ operation }) =>
          !Object.keys(operation.responses ?? {}).some(
            (status) => /^[45]\d\d$/.test(status) && status !== '500',
          ),
      )
      .map(({ key }) => key);
    expect(withoutErrors).toEqual([]);
  });

  it('documents the 500 INTERNAL_ERROR envelope on every operation', () => {
    const without500 = operations(document)
      .filter(
        ({ operation }) =>
          operation.responses?.['500']?.content?.['application/json']?.schema?.$ref !==
          '#/components/schemas/ErrorEnvelope',
      )
      .map(({ key }) => key);
    expect(without500).toEqual([]);
  });

  describe('Swagger UI at /docs', () => {
    it('serves a Czech HTML page that loads only assets of this server', async () => {
      const res = await fetch(`${running.url}/docs`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe('text/html; charset=utf-8');
      const html = await res.text();
      expect(html).toContain('<html lang="cs">');
      const assets = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]);
      expect(assets).toEqual([
        'docs/swagger-ui.css',
        'docs/favicon-32x32.png',
        'docs/favicon-16x16.png',
        'docs-json',
        'docs/swagger-ui-bundle.js',
        'docs/swagger-ui-init.js',
      ]);
    });

    it.each([
      ['/docs/swagger-ui.css', 'text/css; charset=utf-8'],
      ['/docs/swagger-ui-bundle.js', 'application/javascript; charset=utf-8'],
      ['/docs/swagger-ui-init.js', 'application/javascript; charset=utf-8'],
      ['/docs/favicon-32x32.png', 'image/png'],
      ['/docs/favicon-16x16.png', 'image/png'],
    ])('serves %s locally as %s', async (path, type) => {
      const res = await fetch(`${running.url}${path}`);
      expect(res.status).toBe(200);
      expect(res.headers.get('content-type')).toBe(type);
      expect((await res.arrayBuffer()).byteLength).toBeGreaterThan(100);
    });

    it('points the UI at /docs-json relative to the page and without the online validator', async () => {
      const init = await (await fetch(`${running.url}/docs/swagger-ui-init.js`)).text();
      expect(init).toContain("url: new URL('docs-json', window.location.href).href");
      expect(init).toContain('validatorUrl: null');
      expect(init).not.toMatch(/https?:\/\//);
    });

    it.each(['/docs/index.html', '/docs/LICENSE', '/docs/swagger-initializer.js', '/docs/swagger-ui.js'])(
      'does not expose other files of swagger-ui-dist: %s is a 404 envelope',
      async (path) => {
        const res = await fetch(`${running.url}${path}`);
        expect(res.status).toBe(404);
        expect(await res.json()).toEqual({
          status: 404,
          error: 'NOT_FOUND',
          message: 'Požadovaný zdroj neexistuje.',
        });
      },
    );
  });
});
