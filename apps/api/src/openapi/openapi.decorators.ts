import { ApiResponse } from '@nestjs/swagger';
import { ERROR_HTTP_STATUS, ERROR_MESSAGES, ErrorCode } from '@craftstats/contracts';
import { ErrorEnvelopeDto } from './openapi.schemas';

/**
 * Documents an error answer `{ status, error, message }` of an endpoint, with an example built from the
 * code's default Czech message. Usage: `@ApiErrorResponse('PLAYER_NOT_FOUND', 'Hráč s tímto nickem neexistuje.')`.
 */
export function ApiErrorResponse(code: ErrorCode, description: string): MethodDecorator & ClassDecorator {
  const status = ERROR_HTTP_STATUS[code];
  return ApiResponse({
    status,
    description,
    type: ErrorEnvelopeDto,
    example: { status, error: code, message: ERROR_MESSAGES[code] },
  });
}
