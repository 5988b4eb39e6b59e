import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { ERROR_CODES, ErrorCode, ErrorEnvelope, RegisterResponse } from '@craftstats/contracts';

/**
 * Shared response schemas of the OpenAPI document. Controllers reference them with
 * `@ApiResponse({ status, type: ErrorEnvelopeDto })`; they are also registered as `#/components/schemas/ErrorEnvelope` and `#/components/schemas/AccountResult`.
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

@ApiSchema({
  name: 'AccountResult',
  description:
    'Odpověď účtových endpointů /account/register a /account/login: úspěch a česká zpráva pro uživatele (i při chybě).',
})
export class AccountResultDto implements RegisterResponse {
  @ApiProperty({ description: 'Zda se akce povedla.', example: false })
  success!: boolean;

  @ApiProperty({ description: 'Česká zpráva pro uživatele.', example: 'Neznámé uživatelské jméno!' })
  message!: string;
}

/** Schema names under `#/components/schemas`. */
export const OPENAPI_SCHEMAS = {
  errorEnvelope: 'ErrorEnvelope',
  accountResult: 'AccountResult',
} as const;
