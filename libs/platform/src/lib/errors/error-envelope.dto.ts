import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ERROR_CODES, ErrorCode, ErrorEnvelope } from '@craftstats/contracts';

/**
 * The OpenAPI schema of the error envelope `{ status, error, message }` (`#/components/schemas/ErrorEnvelope`),
 * shared by both apps: `@ApiResponse({ status, type: ErrorEnvelopeDto })`.
 */
@ApiSchema({
  name: 'ErrorEnvelope',
  description:
    'Chybová odpověď všech endpointů kromě /account/register a /account/login. HTTP status odpovědi je vždy roven poli `status`.',
})
export class ErrorEnvelopeDto implements ErrorEnvelope {
  @ApiProperty({ description: 'HTTP status odpovědi.', example: 404, type: 'integer' })
  status!: number;

  @ApiProperty({
    description: 'Strojově čitelný kód chyby.',
    enum: ERROR_CODES,
    enumName: 'ErrorCode',
    example: 'PLAYER_NOT_FOUND',
  })
  error!: ErrorCode;

  @ApiProperty({ description: 'Česká zpráva pro uživatele.', example: 'Hráč nebyl nalezen.' })
  message!: string;
}
