import { ERROR_CODES, ERROR_MESSAGES } from '@craftstats/contracts';
import { DomainError } from './domain-error';

describe('DomainError', () => {
  it('carries the code, the message and what the caller may do next', () => {
    const error = new DomainError('RATE_LIMITED', 'Zkus to za chvíli.', { retryAfterSeconds: 30 });
    expect(error).toBeInstanceOf(Error);
    expect([error.name, error.code, error.message, error.details]).toEqual([
      'DomainError',
      'RATE_LIMITED',
      'Zkus to za chvíli.',
      { retryAfterSeconds: 30 },
    ]);
  });

  it.each(ERROR_CODES)('DomainError.of(%s) carries the contract message of its code', (code) => {
    const error = DomainError.of(code);
    expect([error.code, error.message, error.details]).toEqual([code, ERROR_MESSAGES[code], {}]);
  });
});
