import { CanActivate, ExecutionContext, Injectable } from '@nestjs/common';
import type { FastifyRequest } from 'fastify';
import { ApiException } from '../errors/error-envelope';

function isJson(contentType: string | undefined): boolean {
  return (contentType ?? '').split(';')[0].trim().toLowerCase() === 'application/json';
}

function hasBody(request: FastifyRequest): boolean {
  const length = request.headers['content-length'];
  return (length !== undefined && length !== '0') || request.headers['transfer-encoding'] !== undefined;
}

/**
 * Refuses a request body that is not `application/json` with 415 UNSUPPORTED_MEDIA_TYPE (Fastify would
 * parse `text/plain` into a string). List it before guards that count the request (the rate limit).
 */
@Injectable()
export class JsonBodyGuard implements CanActivate {
  canActivate(context: ExecutionContext): boolean {
    const request = context.switchToHttp().getRequest<FastifyRequest>();
    if (hasBody(request) && !isJson(request.headers['content-type'])) {
      throw new ApiException(415, 'UNSUPPORTED_MEDIA_TYPE');
    }
    return true;
  }
}
