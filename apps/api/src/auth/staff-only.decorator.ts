import { UseGuards, applyDecorators } from '@nestjs/common';
import { ApiBearerAuth, ApiHeader, ApiSecurity } from '@nestjs/swagger';
import { LEGACY_TOKEN_HEADER } from '@craftstats/contracts';
import { JwtAuthGuard } from './jwt-auth.guard';

/**
 * Staff only: the JWT guard (401 for a missing, invalid or expired token, or a player no longer staff)
 * and its OpenAPI security — `Authorization: Bearer <jwt>` or the panel's earlier `x-access-token`.
 * On a controller (the panel) or on one route (`GET /account/me`).
 */
export function StaffOnly(): ClassDecorator & MethodDecorator {
  return applyDecorators(
    UseGuards(JwtAuthGuard),
    // In this order the document lists x-access-token, then Bearer, as it always has.
    ApiSecurity(LEGACY_TOKEN_HEADER),
    ApiBearerAuth(),
    ApiHeader({
      name: LEGACY_TOKEN_HEADER,
      required: false,
      description: 'JWT z přihlášení (alternativa k `Authorization: Bearer`).',
    }),
  );
}
