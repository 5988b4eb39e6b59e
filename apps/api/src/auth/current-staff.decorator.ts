import { ExecutionContext, createParamDecorator } from '@nestjs/common';
import { StaffPrincipal } from './auth.types';

/** The staff member of the request's valid token; only on handlers guarded by `JwtAuthGuard`. */
export const CurrentStaff = createParamDecorator(
  (_data: unknown, context: ExecutionContext): StaffPrincipal => {
    const request = context.switchToHttp().getRequest<{ user?: StaffPrincipal }>();
    if (!request.user) throw new Error('CurrentStaff used on a handler without JwtAuthGuard');
    return request.user;
  },
);
