import { Module } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import { FastifyAdapter, NestFastifyApplication } from '@nestjs/platform-fastify';
import { OpenAPIObject, SwaggerModule } from '@nestjs/swagger';
import { APP_CONFIG } from '@craftstats/platform';
import { redoclyProblems } from '@craftstats/platform/testing';
import { EventsController, INGEST_SECURITY_SCHEME } from './events.controller';
import { ingestorOpenApiConfig } from './events.openapi';
import { EventsService } from './events.service';

@Module({
  controllers: [EventsController],
  providers: [
    { provide: EventsService, useValue: {} },
    { provide: APP_CONFIG, useValue: { ingestTokens: [] } },
  ],
})
class DocumentedModule {}

describe('OpenAPI document of POST /v1/events', () => {
  let app: NestFastifyApplication;
  let document: OpenAPIObject;

  beforeAll(async () => {
    app = await NestFactory.create<NestFastifyApplication>(DocumentedModule, new FastifyAdapter(), {
      logger: false,
    });
    document = SwaggerModule.createDocument(app, ingestorOpenApiConfig());
  });
  afterAll(() => app.close());

  it('passes redocly lint (recommended rules) without errors', async () => {
    const problems = await redoclyProblems(document);
    expect(problems.filter((p) => p.startsWith('error'))).toEqual([]);
  }, 30_000);

  it('describes the operation in Czech with bearer auth and the request body', () => {
    const operation = document.paths['/v1/events']?.post;
    expect(operation?.summary).toBe('Přijme dávku událostí z herního serveru');
    expect(operation?.description).toContain('Authorization: Bearer <token>');
    expect(operation?.tags).toEqual(['Příjem událostí']);
    expect(operation?.security).toEqual([{ [INGEST_SECURITY_SCHEME]: [] }]);
    expect(operation?.requestBody).toEqual({
      required: true,
      content: { 'application/json': { schema: { $ref: '#/components/schemas/IngestRequestDto' } } },
    });
  });

  it('documents 200 and every error envelope status, 503 with Retry-After', () => {
    const responses = document.paths['/v1/events']?.post?.responses ?? {};
    expect(Object.keys(responses).sort()).toEqual(['200', '400', '401', '413', '415', '503']);
    expect(responses['200']).toMatchObject({
      content: { 'application/json': { schema: { $ref: '#/components/schemas/IngestResponseDto' } } },
    });
    for (const status of ['400', '401', '413', '415', '503']) {
      expect(responses[status]).toMatchObject({
        content: { 'application/json': { schema: { $ref: '#/components/schemas/ErrorEnvelope' } } },
      });
      expect((responses[status] as { description: string }).description).toMatch(/[ěščřžýáíéůú]/);
    }
    expect(responses['503']).toMatchObject({ headers: { 'Retry-After': { schema: { type: 'integer' } } } });
  });

  it('documents every field of an event and of the answer', () => {
    const schemas = document.components?.schemas ?? {};
    const event = schemas['IngestEventDto'] as { required: string[]; properties: Record<string, unknown> };
    expect(event.required).toEqual(['id', 'action', 'uuid', 'nick']);
    expect(Object.keys(event.properties)).toEqual([
      'id',
      'action',
      'uuid',
      'nick',
      'server',
      'sender',
      'date',
      'old_value',
      'new_value',
      'site',
      'ach_id',
      'ach_name',
      'ach_value',
      'mc_version',
      'mode',
      'level',
      'experience',
      'status',
      'facebook',
      'twitter',
      'twitch',
      'steam',
      'web',
    ]);
    expect(schemas['IngestRequestDto']).toMatchObject({
      required: ['events'],
      properties: { events: { type: 'array', minItems: 1, maxItems: 1000 } },
    });
    expect(schemas['IngestResponseDto']).toMatchObject({ required: ['accepted', 'duplicates', 'rejected'] });
    expect(schemas['IngestRejectionDto']).toMatchObject({
      required: ['index', 'id', 'error'],
      properties: { id: { type: 'string', nullable: true } },
    });
    expect(schemas['ErrorEnvelope']).toMatchObject({ required: ['status', 'error', 'message'] });
  });
});
