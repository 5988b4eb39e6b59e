import { ArgumentMetadata, Type, ValidationError, ValidationPipe } from '@nestjs/common';
import { plainToInstance } from 'class-transformer';
import { ValidationOptions, getMetadataStorage, validate } from 'class-validator';
import type { ErrorCode } from '@craftstats/contracts';
import { DomainError } from '@craftstats/domain';
import { trimOldest } from '../collections/bounded-map';

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
  /** A query parameter given more than once (a query DTO takes one value per parameter). */
  repeatedField(name: string): string;
}

export const DEFAULT_DTO_MESSAGES: DtoMessages = {
  notAnObject: 'Neplatný požadavek: tělo musí být JSON objekt.',
  unknownField: (name) => `Neplatný požadavek: pole "${name}" není povolené.`,
  missingField: (name) => `Neplatný požadavek: chybí pole "${name}".`,
  invalidField: (name) => `Neplatný požadavek: pole "${name}" má neplatnou hodnotu.`,
  repeatedField: (name) => `Neplatný požadavek: parametr "${name}" je v dotazu vícekrát.`,
};

const DTO_MESSAGES = Symbol('craftstats:dtoMessages');

/** Class decorator: the wording of this DTO's validation errors (defaults: {@link DEFAULT_DTO_MESSAGES}). */
export function DtoMessages(messages: Partial<DtoMessages>): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(DTO_MESSAGES, { ...DEFAULT_DTO_MESSAGES, ...messages }, target);
  };
}

/**
 * What a failing constraint answers instead of the DTO's `invalidField`/`missingField` text: another
 * error code (e.g. `INVALID_UUID`, whose default message is then used) and/or a message, possibly worded
 * from the offending value (never echoing it). Attach it with {@link answerWith}.
 */
export interface ValidationAnswer {
  code?: ErrorCode;
  message?: string | ((value: unknown) => string);
}

/**
 * class-validator options that make a constraint answer `answer` when it fails (stored in the
 * constraint's `context`), e.g. `@Matches(ACTION, answerWith({ message: 'Neplatný parametr action…' }))`.
 * Give a property one answering constraint per way it can fail, so the answer is never ambiguous.
 */
export function answerWith(answer: ValidationAnswer): ValidationOptions {
  // class-validator attaches a context only to a constraint whose message is not empty, and a custom
  // constraint (`ValidateBy`) without a default message has an empty one: give it a message.
  const message = typeof answer.message === 'string' ? answer.message : (answer.code ?? 'VALIDATION_FAILED');
  return { context: answer, message };
}

const SHALLOW = Symbol('craftstats:validateShallow');

interface ShallowOptions {
  /** Top-level fields the DTO does not declare are ignored instead of refused. */
  ignoreUnknownFields: boolean;
}

/**
 * Class decorator for a body whose fields must reach the handler exactly as they arrived: the pipe
 * validates an instance made of the body's own top-level data properties, without class-transformer
 * (no deep copy, no `@Transform`), so nested values are neither copied nor rewritten. Used by the
 * ingestor's envelope, whose events are checked one by one by the domain's parser afterwards.
 */
export function ValidateShallow(options: Partial<ShallowOptions> = {}): ClassDecorator {
  return (target) => {
    Reflect.defineMetadata(SHALLOW, { ignoreUnknownFields: false, ...options }, target);
  };
}

/** The property names a DTO declares with class-validator decorators. */
function declaredFields(metatype: Type): Set<string> {
  return new Set(
    getMetadataStorage()
      .getTargetValidationMetadatas(metatype, '', false, false)
      .map((m) => m.propertyName),
  );
}

/** The answer of the first failing constraint of `error` that declares one. */
function answerOf(error: ValidationError): ValidationAnswer | undefined {
  for (const name of Object.keys(error.constraints ?? {})) {
    const answer = error.contexts?.[name] as ValidationAnswer | undefined;
    if (answer !== undefined) return answer;
  }
  return undefined;
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
  const proto = Object.getPrototypeOf(value) as object | null;
  // Fastify's query parser makes dictionaries whose prototype is an empty object without a prototype.
  return proto === Object.prototype || proto === null || Object.getPrototypeOf(proto) === null;
}

/** Validated path/query parameter sets remembered per DTO class (see `CzechValidationPipe.passed`). */
const MEMOIZED_PER_DTO = 1_000;

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
 * VALIDATION_FAILED with a Czech message naming the first field at fault (unknown fields first — for a
 * query, unknown and repeated parameters in the order they were sent —, then the DTO's fields in
 * declaration order), worded by the DTO's `@DtoMessages`, or by the failing constraint's
 * {@link answerWith} (which may also give another code); the route's answer shape (envelope, or the
 * accounts' `{ success, message }`) is the error filter's business. `@ValidateShallow` DTOs are
 * validated without class-transformer.
 */
export class CzechValidationPipe extends ValidationPipe {
  /**
   * Per path/query DTO class, the instances that passed, by the raw value they came from (its JSON):
   * a public read's parameters repeat (the eight boards, the popular profiles), and validating the same
   * text again gives the same instance. Bounded; the oldest go first. Bodies are never memoized.
   */
  private readonly passed = new WeakMap<Type, Map<string, object>>();

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
    if (!this.toValidate(metadata) || metadata.metatype === undefined) return value;
    const metatype = metadata.metatype;
    if (metadata.type === 'body') return this.validated(value, metadata, metatype);
    const key = JSON.stringify(value);
    let passed = this.passed.get(metatype);
    const known = passed?.get(key);
    if (known !== undefined) return known;
    const instance = Object.freeze((await this.validated(value, metadata, metatype)) as object);
    if (passed === undefined) this.passed.set(metatype, (passed = new Map()));
    passed.set(key, instance);
    trimOldest(passed, MEMOIZED_PER_DTO);
    return instance;
  }

  private async validated(value: unknown, metadata: ArgumentMetadata, metatype: Type): Promise<unknown> {
    const messages = messagesOf(metatype);
    const invalid = (message: string) => new DomainError('VALIDATION_FAILED', message);
    if (!isPlainObject(value)) throw invalid(messages.notAnObject);
    const shallow = Reflect.getMetadata(SHALLOW, metatype) as ShallowOptions | undefined;
    if (!shallow?.ignoreUnknownFields) {
      const forbidden = Reflect.ownKeys(value).find(
        (key) => typeof key !== 'string' || FORBIDDEN_KEYS.has(key),
      );
      if (forbidden !== undefined) throw invalid(messages.unknownField(String(forbidden)));
    }
    if (metadata.type === 'query') {
      const declared = declaredFields(metatype);
      for (const name of Object.keys(value)) {
        if (!declared.has(name)) {
          if (shallow?.ignoreUnknownFields) continue;
          throw invalid(messages.unknownField(name));
        }
        if (Array.isArray(value[name])) throw invalid(messages.repeatedField(name));
      }
    }
    try {
      if (shallow) return await this.validateShallow(value, metatype, shallow);
      return metadata.type === 'body'
        ? await super.transform(value, metadata)
        : await this.validateParameters(value, metatype);
    } catch (error) {
      if (!(error instanceof ValidationFailure)) throw error;
      const unknown = error.errors.find((e) => e.constraints?.['whitelistValidation'] !== undefined);
      if (unknown) throw invalid(messages.unknownField(unknown.property));
      const first = error.errors[0];
      if (first === undefined) throw invalid(messages.notAnObject);
      const answer = answerOf(first);
      if (answer !== undefined) {
        const message = typeof answer.message === 'function' ? answer.message(first.value) : answer.message;
        const code = answer.code ?? 'VALIDATION_FAILED';
        throw new DomainError(code, message);
      }
      // A shallow DTO saw only own data properties: judge "missing" by what it saw.
      const seen: unknown = shallow ? first.value : value[first.property];
      throw invalid(
        seen === undefined ? messages.missingField(first.property) : messages.invalidField(first.property),
      );
    }
  }

  /**
   * Path and query parameters: a flat object of strings (a query's repeated parameters, the only
   * arrays, are refused above, and prototype keys before that), so class-transformer's instance is
   * checked by class-validator directly, without the defences Nest's pipe runs for nested and binary
   * values in bodies. A random profile lookup, which the memo never saves, pays about half the CPU
   * for it (docs/performance.md, "Profiles before and after the consolidation").
   */
  private async validateParameters(value: Record<string, unknown>, metatype: Type): Promise<object> {
    const instance = plainToInstance(metatype, value) as object;
    const errors = await validate(instance, this.validatorOptions);
    if (errors.length > 0) throw new ValidationFailure(errors);
    return instance;
  }

  /** Validates an instance holding the body's own top-level data properties, as they are. */
  private async validateShallow(
    body: Record<string, unknown>,
    metatype: Type,
    options: ShallowOptions,
  ): Promise<object> {
    const declared = declaredFields(metatype);
    if (!options.ignoreUnknownFields) {
      const unknown = Object.keys(body).find((name) => !declared.has(name));
      if (unknown !== undefined)
        throw new ValidationFailure([
          { property: unknown, constraints: { whitelistValidation: 'unknown' }, children: [] },
        ]);
    }
    const instance = new metatype() as Record<string, unknown>;
    for (const name of declared) {
      const descriptor = Object.getOwnPropertyDescriptor(body, name);
      if (descriptor !== undefined && 'value' in descriptor) instance[name] = descriptor.value;
    }
    const errors = await validate(instance, this.validatorOptions);
    if (errors.length > 0) throw new ValidationFailure(errors);
    return instance;
  }
}
