import { ArgumentMetadata, Type, ValidationError, ValidationPipe } from '@nestjs/common';
import { ApiException } from '../errors/error-envelope';

/** How a DTO words its 400s; every text is Czech and names the field at fault, never echoing a value. */
export interface DtoMessages {
  /** The body (or query) is not a JSON object. */
  notAnObject: string;
  /** A field the DTO does not declare. */
  unknownField(name: string): string;
  /** A declared field that is absent. */
  missingField(name: string): string;
  /** A declared field whose value breaks its rules. */
  invalidField(name: string): string;
}

export const DEFAULT_DTO_MESSAGES: DtoMessages = {
  notAnObject: 'Neplatný požadavek: tělo musí být JSON objekt.',
  unknownField: (name) => `Neplatný požadavek: pole "${name}" není povolené.`,
  missingField: (name) => `Neplatný požadavek: chybí pole "${name}".`,
  invalidField: (name) => `Neplatný požadavek: pole "${name}" má neplatnou hodnotu.`,
};

const DTO_MESSAGES = Symbol('craftstats:dtoMessages');

/** Class decorator: the wording of this DTO's validation errors (defaults: {@link DEFAULT_DTO_MESSAGES}). */
export function DtoMessages(messages: Partial<DtoMessages>): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(DTO_MESSAGES, { ...DEFAULT_DTO_MESSAGES, ...messages }, target);
  };
}

function messagesOf(metatype: Type | undefined): DtoMessages {
  return (
    (metatype && (Reflect.getMetadata(DTO_MESSAGES, metatype) as DtoMessages | undefined)) ??
    DEFAULT_DTO_MESSAGES
  );
}

/** Keys that never become properties of a DTO, whatever the JSON parser let through. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/** Carries class-validator's errors from the exception factory to `transform`, which words them. */
class ValidationFailure extends Error {
  constructor(readonly errors: ValidationError[]) {
    super('validation failed');
  }
}

/**
 * The one validation path: a DTO class with class-validator decorators is both the check and the
 * OpenAPI schema, and this pipe, installed once by `createHttpApp`, checks every DTO-typed `@Body()`,
 * `@Query()` or `@Param()` (whitelist, forbidNonWhitelisted, transform). A failure is 400
 * VALIDATION_FAILED with a Czech message naming the first field at fault (unknown fields first, then
 * the DTO's fields in declaration order), worded by the DTO's `@DtoMessages`; the route's answer shape
 * (envelope, or the accounts' `{ success, message }`) is the error filter's business.
 */
export class CzechValidationPipe extends ValidationPipe {
  constructor() {
    super({
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      transform: true,
      validationError: { target: false, value: true },
      exceptionFactory: (errors) => new ValidationFailure(errors),
    });
  }

  override async transform(value: unknown, metadata: ArgumentMetadata): Promise<unknown> {
    if (!this.toValidate(metadata)) return value;
    const messages = messagesOf(metadata.metatype);
    const invalid = (message: string) => new ApiException(400, 'VALIDATION_FAILED', message);
    if (!isPlainObject(value)) throw invalid(messages.notAnObject);
    const forbidden = Reflect.ownKeys(value).find(
      (key) => typeof key !== 'string' || FORBIDDEN_KEYS.has(key),
    );
    if (forbidden !== undefined) throw invalid(messages.unknownField(String(forbidden)));
    try {
      return await super.transform(value, metadata);
    } catch (error) {
      if (!(error instanceof ValidationFailure)) throw error;
      const unknown = error.errors.find((e) => e.constraints?.['whitelistValidation'] !== undefined);
      if (unknown) throw invalid(messages.unknownField(unknown.property));
      const first = error.errors[0];
      if (first === undefined) throw invalid(messages.notAnObject);
      throw invalid(
        value[first.property] === undefined
          ? messages.missingField(first.property)
          : messages.invalidField(first.property),
      );
    }
  }
}
