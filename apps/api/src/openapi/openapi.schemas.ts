import { ApiProperty, ApiSchema } from '@nestjs/swagger';
import { RegisterResponse } from '@craftstats/contracts';

/**
 * The account endpoints' answer schema (`#/components/schemas/AccountResult`). The error envelope's schema
 * is `ErrorEnvelopeDto` of @craftstats/platform, shared with the ingestor.
 */
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
