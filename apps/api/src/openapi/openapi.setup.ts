import { INestApplication } from '@nestjs/common';
import { NestFastifyApplication } from '@nestjs/platform-fastify';
import { DocumentBuilder, OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { API_PATHS, ERROR_MESSAGES, LEGACY_TOKEN_HEADER } from '@craftstats/contracts';
import { ErrorEnvelopeDto } from '@craftstats/platform';
import { AccountResultDto, OPENAPI_SCHEMAS } from './openapi.schemas';
import { serveSwaggerUi } from './openapi.ui';

/** Security scheme names: use `@ApiBearerAuth()` (= 'bearer') and `@ApiSecurity('x-access-token')`. */
export const OPENAPI_SECURITY = { bearer: 'bearer', legacyToken: LEGACY_TOKEN_HEADER } as const;

/** The document's tags (Czech) with their descriptions, in the order Swagger UI shows them. */
export const OPENAPI_TAGS = [
  { name: 'Žebříčky', description: 'Top 50 hráčů podle měny, bodů nebo hlasů.' },
  { name: 'Server', description: 'Stav herního serveru, počet registrovaných hráčů a seznam členů AT.' },
  {
    name: 'Logy',
    description: 'Posledních 50 změn ekonomiky a hráčů a posledních 50 splněných achievementů.',
  },
  { name: 'Hráči', description: 'Profil hráče podle nicku nebo UUID.' },
  { name: 'Účty', description: 'Nastavení hesla a přihlášení členů AT (JWT platný 4 hodiny).' },
  {
    name: 'Panel',
    description: 'Administrační panel: úplná historie logů s filtry a stránkováním (jen pro AT).',
  },
  { name: 'Provoz', description: 'Kontrola běhu a připravenosti pro orchestraci a monitoring.' },
] as const;

const DESCRIPTION = [
  'Veřejné API statistik hráčů české minecraftové komunity: žebříčky (top 50), stav serveru a počet hráčů online,',
  'počet registrovaných hráčů, seznam členů AT, živé logy ekonomiky a achievementů a profily hráčů.',
  'K tomu účty členů AT (nastavení hesla administrátorským klíčem, přihlášení s JWT) a endpointy administračního panelu.',
  '',
  '**Odpovědi:** JSON v obálce `{ "status": 200, "data": … }`, HTTP status je vždy roven poli `status`.',
  'Chyby mají tvar `{ "status", "error", "message" }` s českou zprávou (schéma `ErrorEnvelope`), kromě',
  '`/account/register` a `/account/login`, které vždy odpovídají `{ "success", "message" }` (schéma `AccountResult`).',
  '',
  '**Přihlášení:** token z `POST /account/login` se posílá v hlavičce `Authorization: Bearer <jwt>`',
  '(případně `x-access-token: <jwt>`, jak to znal dřívější panel).',
  '',
  '**Cache a limity:** veřejné odpovědi nesou `Cache-Control` a `ETag` (`If-None-Match` → 304);',
  'omezené endpointy posílají hlavičky `RateLimit-Limit`, `RateLimit-Remaining` a `RateLimit-Reset`,',
  'při překročení limitu odpoví 429 `RATE_LIMITED` s `Retry-After`. Nedostupná databáze → 503 `UNAVAILABLE` s `Retry-After`.',
  '',
  'Události z herních serverů přijímá samostatná služba log-ingestor (`POST /v1/events`), která zde popsána není.',
  'Metriky pro Prometheus (`GET /metrics`) nejsou součástí tohoto API a dokument je záměrně neuvádí.',
].join('\n');

type Operation = { responses?: Record<string, unknown>; security?: Record<string, string[]>[] };
const METHODS = ['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace'] as const;

/** Builds the OpenAPI document of the API from the controllers' decorators plus the document-level parts. */
export function createOpenApiDocument(app: INestApplication): OpenAPIObject {
  const builder = new DocumentBuilder()
    .setTitle('craftstats API')
    .setDescription(DESCRIPTION)
    .setVersion('1.0')
    .addServer('/', 'Tento server')
    .addBearerAuth(
      {
        type: 'http',
        scheme: 'bearer',
        bearerFormat: 'JWT',
        description: 'JWT z `POST /account/login`, platný 4 hodiny.',
      },
      OPENAPI_SECURITY.bearer,
    )
    .addApiKey(
      {
        type: 'apiKey',
        in: 'header',
        name: LEGACY_TOKEN_HEADER,
        description: 'Tentýž JWT v hlavičce `x-access-token` (kompatibilita s dřívějším panelem).',
      },
      OPENAPI_SECURITY.legacyToken,
    );
  for (const tag of OPENAPI_TAGS) builder.addTag(tag.name, tag.description);

  const document = SwaggerModule.createDocument(app, builder.build(), {
    extraModels: [ErrorEnvelopeDto, AccountResultDto],
  });
  addUnexpectedErrorResponse(document);
  declarePublicOperations(document);
  return document;
}

/**
 * An operation without its own `security` is public: say so with `security: []` (the document has no
 * root-level security, so without it a reader cannot tell "public" from "forgot to declare").
 */
function declarePublicOperations(document: OpenAPIObject): void {
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Partial<Record<(typeof METHODS)[number], Operation>>)[method];
      if (operation !== undefined) operation.security ??= [];
    }
  }
}

/**
 * The global exception filter answers every unexpected failure with 500 `INTERNAL_ERROR` in the
 * envelope; that holds for every operation, so it is documented once here rather than on each endpoint.
 */
function addUnexpectedErrorResponse(document: OpenAPIObject): void {
  const response = {
    description: 'Neočekávaná chyba serveru (bez podrobností a bez stack trace).',
    content: {
      'application/json': {
        schema: { $ref: `#/components/schemas/${OPENAPI_SCHEMAS.errorEnvelope}` },
        example: { status: 500, error: 'INTERNAL_ERROR', message: ERROR_MESSAGES.INTERNAL_ERROR },
      },
    },
  };
  for (const item of Object.values(document.paths)) {
    for (const method of METHODS) {
      const operation = (item as Partial<Record<(typeof METHODS)[number], Operation>>)[method];
      if (operation === undefined) continue;
      operation.responses ??= {};
      operation.responses['500'] ??= response;
    }
  }
}

/**
 * Serves the OpenAPI document at `GET /docs-json` and Swagger UI at `GET /docs` (assets served by this
 * app, never from a CDN). Call before `app.init()`.
 */
export function setupOpenApi(app: NestFastifyApplication): OpenAPIObject {
  const document = createOpenApiDocument(app);
  SwaggerModule.setup(API_PATHS.docs, app, document, {
    jsonDocumentUrl: API_PATHS.docsJson,
    raw: ['json'],
    ui: false,
  });
  serveSwaggerUi(app, API_PATHS.docs);
  return document;
}
