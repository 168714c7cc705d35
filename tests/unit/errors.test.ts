import { ClientResponseError } from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { isUnavailable, toAppError } from '../../src/lib/pb/errors';

const failure = (status: number, response: Record<string, unknown> = {}) =>
  new ClientResponseError({ url: 'http://pb/api', status, response });

describe('mapping PocketBase errors for the UI', () => {
  it('keeps field messages of a validation error, in words a person understands', () => {
    const error = toAppError(
      failure(400, {
        message: 'Failed to create record.',
        data: {
          email: { code: 'validation_not_unique', message: 'Value must be unique.' },
          title: { code: 'validation_some_new_rule', message: 'Server says no.' },
        },
      }),
    );
    expect(error).toEqual({
      kind: 'validation',
      message: 'Failed to create record.',
      fields: { email: 'An account with this email already exists. Sign in instead?', title: 'Server says no.' },
    });
  });

  it.each([
    [401, 'unauthorized'],
    [403, 'forbidden'],
    [404, 'not-found'],
    [429, 'rate-limited'],
    [0, 'network'],
    [502, 'network'],
  ])('maps status %i to %s', (status, kind) => {
    expect(toAppError(failure(status)).kind).toBe(kind);
  });

  it('tells a throttled person to wait a minute', () => {
    expect(toAppError(failure(429))).toEqual({
      kind: 'rate-limited',
      message: 'Too many attempts, try again in a minute.',
    });
  });

  it('treats anything else thrown as a network problem', () => {
    expect(toAppError(new TypeError('fetch failed')).kind).toBe('network');
  });

  it('knows when PocketBase is unreachable, so pages answer 503', () => {
    expect(isUnavailable(failure(0))).toBe(true);
    expect(isUnavailable(failure(503))).toBe(true);
    expect(isUnavailable(failure(404))).toBe(false);
    expect(isUnavailable(new DOMException('timed out', 'TimeoutError'))).toBe(true);
  });
});
