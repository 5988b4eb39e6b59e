import { DocumentBuilder, OpenAPIObject } from '@nestjs/swagger';
import { INGEST_SECURITY_SCHEME } from './events.controller';

/**
 * The document-level parts of the ingestor's OpenAPI description (the operation comes from the
 * controller's decorators): what `SwaggerModule.createDocument(app, ingestorOpenApiConfig())` needs.
 * The ingestor serves no docs page; the document is for game-server developers and is linted in tests.
 */
export function ingestorOpenApiConfig(): Omit<OpenAPIObject, 'paths'> {
  return new DocumentBuilder()
    .setTitle('craftstats log-ingestor')
    .setDescription('Příjem událostí z herních serverů (`POST /v1/events`), viz docs/ingestion.md.')
    .setVersion('1.0')
    .addServer('/', 'Tento server')
    .addBearerAuth({ type: 'http', scheme: 'bearer' }, INGEST_SECURITY_SCHEME)
    .build();
}
