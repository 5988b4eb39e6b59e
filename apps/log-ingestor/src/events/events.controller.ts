import { Body, Controller, HttpCode, Post, UseGuards } from '@nestjs/common';
import {
  ApiBearerAuth,
  ApiBody,
  ApiConsumes,
  ApiOperation,
  ApiProduces,
  ApiResponse,
  ApiTags,
} from '@nestjs/swagger';
import { ERROR_MESSAGES, INGEST_PATHS } from '@craftstats/contracts';
import { ErrorEnvelopeDto, UNAVAILABLE_RETRY_AFTER_SECONDS } from '@craftstats/platform';
import { IngestRequestDto, IngestResponseDto } from './events.dto';
import { INGEST_BODY_ERRORS, IngestContentTypeGuard } from './events.request';
import { EventsService } from './events.service';
import { IngestAuthGuard, IngestServer } from './ingest-auth.guard';

/** Name of the bearer security scheme in the OpenAPI document. */
export const INGEST_SECURITY_SCHEME = 'ingest-token';

const envelope = (status: number, error: string, message: string) => ({ status, error, message });

@ApiTags('Příjem událostí')
@Controller()
export class EventsController {
  constructor(private readonly events: EventsService) {}

  @Post(INGEST_PATHS.events)
  @HttpCode(200)
  // In this order: 401 for a wrong token, then 415 for a wrong content type, then the global
  // validation pipe's 400 for a body that is not { events: [1..1000 items] }.
  @UseGuards(IngestAuthGuard, IngestContentTypeGuard)
  @ApiBearerAuth(INGEST_SECURITY_SCHEME)
  @ApiOperation({
    summary: 'Přijme dávku událostí z herního serveru',
    description:
      'Herní server posílá `{ "events": [ ... ] }` s 1–1000 událostmi (tělo nejvýše 1 MiB) a hlavičkou ' +
      '`Authorization: Bearer <token>` z `INGEST_TOKENS`; jméno tokenu je jméno serveru. Každá událost se ' +
      'kontroluje zvlášť: neplatné se vypíší v `rejected` a nebrání ostatním. Platné se uloží do logu a ' +
      'promítnou do profilů, zůstatků, žebříčků a hlasů v jediné transakci; odpověď přijde až po jejím ' +
      'potvrzení. Událost s ID, které tento server už poslal, se počítá do `duplicates` a nic nemění, takže ' +
      'opakované odeslání dávky je bezpečné.',
  })
  @ApiConsumes('application/json')
  @ApiProduces('application/json')
  @ApiBody({ type: IngestRequestDto })
  @ApiResponse({
    status: 200,
    type: IngestResponseDto,
    description: 'Dávka zpracována a potvrzena (commit): počty přijatých a duplicitních, seznam odmítnutých.',
  })
  @ApiResponse({
    status: 400,
    type: ErrorEnvelopeDto,
    description:
      'Tělo není platný JSON (BAD_REQUEST), není objekt s polem `events`, nebo má 0 či více než 1000 událostí ' +
      '(VALIDATION_FAILED). Nic se neuložilo.',
    example: envelope(400, 'VALIDATION_FAILED', INGEST_BODY_ERRORS.tooManyEvents(1001)),
  })
  @ApiResponse({
    status: 401,
    type: ErrorEnvelopeDto,
    description:
      'Chybí hlavička `Authorization: Bearer`, token nepatří žádnému serveru, nebo není nastaven `INGEST_TOKENS`.',
    example: envelope(401, 'UNAUTHORIZED', ERROR_MESSAGES.UNAUTHORIZED),
  })
  @ApiResponse({
    status: 413,
    type: ErrorEnvelopeDto,
    description: 'Tělo je větší než 1 MiB; rozděl dávku.',
    example: envelope(413, 'PAYLOAD_TOO_LARGE', ERROR_MESSAGES.PAYLOAD_TOO_LARGE),
  })
  @ApiResponse({
    status: 415,
    type: ErrorEnvelopeDto,
    description: 'Typ obsahu není `application/json`.',
    example: envelope(415, 'UNSUPPORTED_MEDIA_TYPE', INGEST_BODY_ERRORS.notJson),
  })
  @ApiResponse({
    status: 503,
    type: ErrorEnvelopeDto,
    description:
      'Databáze je nedostupná; z dávky se nic neuložilo. Pošli ji znovu (se stejnými ID) po `Retry-After` sekundách.',
    headers: {
      'Retry-After': {
        description: 'Za kolik sekund to zkusit znovu.',
        schema: { type: 'integer', example: UNAVAILABLE_RETRY_AFTER_SECONDS },
      },
    },
    example: envelope(503, 'UNAVAILABLE', ERROR_MESSAGES.UNAVAILABLE),
  })
  ingest(@IngestServer() server: string, @Body() body: IngestRequestDto): Promise<IngestResponseDto> {
    // The items are still unchecked: the service parses each one (see IngestRequestDto).
    return this.events.ingest(server, body.events as readonly unknown[]);
  }
}
