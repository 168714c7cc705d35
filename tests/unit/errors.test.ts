import { ClientResponseError } from 'pocketbase';
import { afterEach, describe, expect, it } from 'vitest';
import { installServerI18n } from '../../src/i18n/current';
import { formatNumber } from '../../src/i18n/format';
import { directionOf, LOCALES, type Locale } from '../../src/i18n/locales';
import { loadMessages } from '../../src/i18n/messages';
import { CODE_MESSAGES, fieldMessage, isUnavailable, toAppError } from '../../src/lib/pb/errors';

const failure = (status: number, response: Record<string, unknown> = {}) =>
  new ClientResponseError({ url: 'http://pb/api', status, response });

async function speak(locale: Locale): Promise<void> {
  const i18n = { locale, dir: directionOf(locale), messages: await loadMessages(locale) };
  installServerI18n(() => i18n);
}

afterEach(() => installServerI18n(() => undefined));

// Params as PocketBase sends them for each code (core/field_*.go, core/validators/file.go).
const PARAMS: Record<string, Record<string, unknown>> = {
  validation_min_text_constraint: { min: 8 },
  validation_length_too_short: { min: 8 },
  validation_max_text_constraint: { max: 120 },
  validation_length_too_long: { max: 120 },
  validation_length_out_of_range: { min: 8, max: 71 },
  validation_min_number_constraint: { min: 1 },
  validation_max_number_constraint: { max: 99 },
  validation_too_many_values: { maxSelect: 3 },
  validation_file_size_limit: { file: 'shot.png', maxSize: 5242880 },
  validation_too_many_files: { maxSelect: 5 },
};
const NUMBERS: Record<string, number[]> = {
  validation_min_text_constraint: [8],
  validation_length_too_short: [8],
  validation_max_text_constraint: [120],
  validation_length_too_long: [120],
  validation_length_out_of_range: [8, 71],
  validation_min_number_constraint: [1],
  validation_max_number_constraint: [99],
  validation_too_many_values: [3],
  validation_file_size_limit: [5],
  validation_too_many_files: [5],
};

describe('mapping PocketBase errors for the UI', () => {
  it('keeps field messages of a validation error, in words a person understands', () => {
    const error = toAppError(
      failure(400, {
        message: 'Failed to create record.',
        data: {
          email: { code: 'validation_not_unique', message: 'Value must be unique.' },
          title: { code: 'validation_some_new_rule', message: 'Server says no.' },
          name: {
            code: 'validation_max_text_constraint',
            message: 'Must be no more than 60 character(s).',
            params: { max: 60 },
          },
        },
      }),
    );
    expect(error).toEqual({
      kind: 'validation',
      message: 'Please check the form.',
      fields: {
        email: 'An account with this email already exists. Sign in instead?',
        title: 'This value is not valid.',
        name: 'Use at most 60 characters.',
      },
    });
  });

  it('says a body over PocketBase’s limits is too large to send, in the page’s words', () => {
    expect(toAppError(failure(413, { status: 413, message: 'Request entity too large.', data: {} }))).toEqual({
      kind: 'validation',
      message: 'That is too large to send.',
      fields: {},
    });
  });

  it('shows a hook’s own refusal as it comes (hooks answer in the request’s language)', () => {
    const error = toAppError(
      failure(400, {
        message: 'Bild abgelehnt.',
        data: { images: { code: 'validation_image_refused', message: '„a.png“ ist kein Bild.' } },
      }),
    );
    expect(error).toEqual({
      kind: 'validation',
      message: 'Bild abgelehnt.',
      fields: { images: '„a.png“ ist kein Bild.' },
    });
    expect(toAppError(failure(403, { message: 'Diese Idee ist gesperrt.' })).message).toBe('Diese Idee ist gesperrt.');
    expect(
      toAppError(failure(403, { message: 'The authorized record is not allowed to perform this action.' })).message,
    ).toBe('You are not allowed to do that.');
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

  it('tells a throttled person to wait a minute, in their language', async () => {
    expect(toAppError(failure(429))).toEqual({
      kind: 'rate-limited',
      message: 'Too many attempts, try again in a minute.',
    });
    await speak('de');
    expect(toAppError(failure(429)).message).toBe('Zu viele Versuche. Bitte versuchen Sie es in einer Minute erneut.');
    await speak('ja');
    expect(toAppError(new TypeError('fetch failed')).message).toBe(
      '現在 Chorus がサーバーに接続できません。接続を確認して、もう一度お試しください。',
    );
  });

  it('tells a person locked out of password sign-in how many minutes to wait, in their language', async () => {
    const locked = (seconds: unknown) => failure(429, { status: 429, message: 'x', data: { retry_after: seconds } });
    expect(toAppError(locked(77)).message).toBe('Too many sign-in attempts: try again in 2 minutes.');
    expect(toAppError(locked(60)).message).toBe('Too many sign-in attempts: try again in 1 minute.');
    expect(toAppError(locked('soon')).message).toBe('Too many attempts, try again in a minute.');
    await speak('ar');
    expect(toAppError(locked(540)).message).toBe('محاولات دخول كثيرة جدًا، حاول مرة أخرى بعد 9 دقائق.');
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

describe('every PocketBase code Chorus maps, in every locale', () => {
  const codes = Object.keys(CODE_MESSAGES);

  it('covers the codes PocketBase’s fields answer with', () => {
    for (const code of [
      'validation_required',
      'validation_min_text_constraint',
      'validation_max_text_constraint',
      'validation_invalid_email',
      'validation_values_mismatch',
      'validation_not_unique',
      'validation_invalid_value',
      'validation_file_size_limit',
      'validation_invalid_mime_type',
      'validation_too_many_files',
    ]) {
      expect(codes).toContain(code);
    }
  });

  it.each(LOCALES)('%s: a real message for every code, with PocketBase’s numbers in it', async (locale) => {
    await speak(locale);
    const english = new Map<string, string>();
    if (locale !== 'en') {
      await speak('en');
      for (const code of codes) english.set(code, fieldMessage('x', { code, params: PARAMS[code] ?? {} }));
      await speak(locale);
    }
    for (const code of codes) {
      const message = fieldMessage('x', { code, message: 'English from PocketBase', params: PARAMS[code] ?? {} });
      expect(message, code).not.toMatch(/[{}]|^errors\.|English from PocketBase/);
      expect(message.length, code).toBeGreaterThan(3);
      for (const n of NUMBERS[code] ?? []) expect(message, code).toContain(formatNumber(locale, n));
      if (locale !== 'en') expect(message, `${locale} ${code} is still English`).not.toBe(english.get(code));
    }
    expect(fieldMessage('x', { code: 'validation_brand_new', message: 'Server says no.' })).not.toBe('Server says no.');
  });

  it('reads the numbers PocketBase only writes in its English text (the password field’s minimum)', () => {
    const error = { code: 'validation_min_text_constraint', message: 'Must be at least 8 character(s).' };
    expect(fieldMessage('password', error)).toMatch(/at least 8 characters/);
    expect(fieldMessage('password', { ...error, params: { min: 10 } })).toMatch(/at least 10 characters/);
  });
});
