import { PipeTransform } from '@nestjs/common';
import { validate } from 'class-validator';
import { AccountException } from './accounts.errors';
import { ACCOUNT_FIELD_MESSAGES } from './accounts.messages';

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
 * length. Failures are 400 `{ success: false, message }` with a Czech message that names the first
 * field at fault (missing, not allowed, or not valid text) and shows the expected body; nothing of the
 * body's values is echoed or logged. `fields` maps each field, in the documented order, to its
 * longest accepted length.
 */
export class AccountBodyPipe<T extends object> implements PipeTransform<unknown, Promise<T>> {
  private readonly names: string[];

  constructor(
    private readonly dto: new () => T,
    private readonly fields: Readonly<Record<string, number>>,
    private readonly invalidMessage: string,
  ) {
    this.names = Object.keys(fields);
  }

  async transform(value: unknown): Promise<T> {
    if (!isPlainObject(value)) throw new AccountException(400, this.invalidMessage);
    const keys = Reflect.ownKeys(value);
    const forbidden = keys.find((key) => typeof key !== 'string' || FORBIDDEN_KEYS.has(key));
    if (forbidden !== undefined) {
      throw new AccountException(400, ACCOUNT_FIELD_MESSAGES.unknown(String(forbidden), this.names));
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
    const unknown = errors.find((error) => error.constraints?.['whitelistValidation'] !== undefined);
    if (unknown)
      throw new AccountException(400, ACCOUNT_FIELD_MESSAGES.unknown(unknown.property, this.names));
    const failed = new Set(errors.map((error) => error.property));
    const field = this.names.find((name) => failed.has(name));
    if (field === undefined) {
      if (errors.length > 0) throw new AccountException(400, this.invalidMessage);
      return instance;
    }
    throw new AccountException(
      400,
      value[field] === undefined
        ? ACCOUNT_FIELD_MESSAGES.missing(field, this.names)
        : ACCOUNT_FIELD_MESSAGES.invalid(field, this.fields[field]),
    );
  }
}
