import { PipeTransform } from '@nestjs/common';
import { validate } from 'class-validator';
import { AccountException } from './accounts.exception';
import { ACCOUNT_BODY_MESSAGES } from './accounts.messages';

/** Keys that never become properties of a DTO, whatever the JSON parser let through. */
const FORBIDDEN_KEYS = new Set(['__proto__', 'constructor', 'prototype']);

function isPlainObject(value: unknown): value is Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) return false;
  const proto = Object.getPrototypeOf(value) as unknown;
  return proto === Object.prototype || proto === null;
}

/**
 * Validates an account request body into its DTO (class-validator with `whitelist` and
 * `forbidNonWhitelisted`): a JSON object with exactly the DTO's fields, each a string of the allowed
 * length. Failures are 400 `{ success: false, message }` with a Czech message; nothing of the body is
 * echoed or logged.
 */
export class AccountBodyPipe<T extends object> implements PipeTransform<unknown, Promise<T>> {
  constructor(
    private readonly dto: new () => T,
    private readonly invalidMessage: string,
  ) {}

  async transform(value: unknown): Promise<T> {
    if (!isPlainObject(value)) throw new AccountException(400, this.invalidMessage);
    const keys = Reflect.ownKeys(value);
    if (keys.some((key) => typeof key !== 'string' || FORBIDDEN_KEYS.has(key))) {
      throw new AccountException(400, ACCOUNT_BODY_MESSAGES.UNKNOWN_FIELDS);
    }
    const instance = new this.dto();
    for (const key of keys as string[]) {
      Object.defineProperty(instance, key, {
        value: value[key],
        enumerable: true,
        writable: true,
        configurable: true,
      });
    }
    const errors = await validate(instance, {
      whitelist: true,
      forbidNonWhitelisted: true,
      forbidUnknownValues: true,
      validationError: { target: false, value: false },
    });
    if (errors.some((error) => error.constraints?.['whitelistValidation'] !== undefined)) {
      throw new AccountException(400, ACCOUNT_BODY_MESSAGES.UNKNOWN_FIELDS);
    }
    if (errors.length > 0) throw new AccountException(400, this.invalidMessage);
    return instance;
  }
}
