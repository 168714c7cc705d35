// Maps whatever PocketBase (or the network) throws to a small union the UI can show, in the page's
// language: PocketBase's own field codes become Chorus's messages (errors namespace); our hooks'
// messages already come in the request's language (Accept-Language) and are shown as they come.
import { ClientResponseError } from 'pocketbase';
import { currentI18n, translate } from '../../i18n/current';
import type { KeyOf } from '../../i18n/translator';

export type AppError =
  | { kind: 'validation'; message: string; fields: Record<string, string> }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'forbidden'; message: string }
  | { kind: 'not-found'; message: string }
  | { kind: 'rate-limited'; message: string }
  | { kind: 'network'; message: string };

export function toAppError(error: unknown): AppError {
  const network = () => ({ kind: 'network' as const, message: translate('errors', 'network') });
  if (!(error instanceof ClientResponseError)) return network();
  const message = ownMessage(error);
  switch (error.status) {
    case 0:
      return network();
    case 400:
      return {
        kind: 'validation',
        message: message ?? translate('errors', 'checkForm'),
        fields: fieldMessages(error),
      };
    case 401:
      return { kind: 'unauthorized', message: translate('errors', 'signInFirst') };
    case 403:
      return { kind: 'forbidden', message: message ?? translate('errors', 'notAllowed') };
    case 404:
      return { kind: 'not-found', message: translate('errors', 'notFound') };
    case 413:
      // PocketBase's own body limits (pb_hooks/platform/body-limits.pb.js) answer in English, without a code.
      return { kind: 'validation', message: translate('errors', 'tooLarge'), fields: {} };
    case 429:
      return { kind: 'rate-limited', message: rateLimitedMessage(error) };
    default:
      return error.status >= 500
        ? network()
        : { kind: 'forbidden', message: message ?? translate('errors', 'notAllowed') };
  }
}

// A locked password sign-in says how long it stays locked (pb_hooks/auth/auth-limits.js): in whole minutes,
// rounded up; PocketBase's own per-address limiter does not say, and is over within a minute.
function rateLimitedMessage(error: ClientResponseError): string {
  const seconds = Number((error.response?.data as { retry_after?: unknown } | undefined)?.retry_after);
  if (!Number.isFinite(seconds) || seconds <= 0) return translate('errors', 'rateLimited');
  return translate('errors', 'rateLimitedFor', { count: Math.ceil(seconds / 60) });
}

// PocketBase's own top-level messages are English boilerplate ("Failed to create record."); a hook's
// refusal is written for people (and translated by the hook): only the latter is worth showing.
const POCKETBASE_BOILERPLATE =
  /^(Failed to |Something went wrong|An error occurred|The request |The authorized record |Only superusers |Missing or invalid |Invalid |The requested resource)/;

function ownMessage(error: ClientResponseError): string | undefined {
  const message = (error.response?.message as string | undefined) ?? '';
  return message && !POCKETBASE_BOILERPLATE.test(message) ? message : undefined;
}

export interface FieldError {
  code?: string;
  message?: string;
  params?: Record<string, unknown>;
}

function fieldMessages(error: ClientResponseError): Record<string, string> {
  const data = (error.response?.data ?? {}) as Record<string, FieldError | undefined>;
  const fields: Record<string, string> = {};
  for (const [field, detail] of Object.entries(data)) {
    if (detail?.code || detail?.message) fields[field] = fieldMessage(field, detail);
  }
  return fields;
}

const number = (value: unknown) => (typeof value === 'number' ? value : Number(value) || 0);
type FieldKey = KeyOf<'fieldErrors'>;
/** A message key, and which of PocketBase's params fill which placeholders (`{count}` from `maxSelect`…). */
type Explain = [FieldKey, Record<string, string>?];

// PocketBase's validation codes (core/field_*.go, core/validators, ozzo-validation) and their params.
export const CODE_MESSAGES: Record<string, Explain> = {
  validation_required: ['required'],
  validation_nil_or_not_empty_required: ['required'],
  validation_blank: ['blank'],
  validation_is_email: ['invalidEmail'],
  validation_invalid_email: ['invalidEmail'],
  validation_invalid_new_email: ['invalidEmail'],
  validation_email_domain_not_allowed: ['invalidEmail'],
  validation_not_unique: ['notUnique'],
  validation_values_mismatch: ['valuesMismatch'],
  validation_min_text_constraint: ['tooShort', { min: 'min' }],
  validation_length_too_short: ['tooShort', { min: 'min' }],
  validation_max_text_constraint: ['tooLong', { max: 'max' }],
  validation_length_too_long: ['tooLong', { max: 'max' }],
  validation_length_out_of_range: ['lengthOutOfRange', { min: 'min', max: 'max' }],
  validation_min_number_constraint: ['numberTooSmall', { min: 'min' }],
  validation_max_number_constraint: ['numberTooLarge', { max: 'max' }],
  validation_not_a_number: ['notANumber'],
  validation_only_int_constraint: ['notANumber'],
  validation_invalid_value: ['notAChoice'],
  validation_in_invalid: ['notAChoice'],
  validation_too_many_values: ['tooManyChoices', { count: 'maxSelect' }],
  validation_invalid_url: ['invalidUrl'],
  validation_url_domain_not_allowed: ['invalidUrl'],
  validation_file_size_limit: ['fileTooLarge', { file: 'file', size: 'maxSize' }],
  validation_invalid_mime_type: ['fileType'],
  validation_invalid_file: ['invalidFile'],
  validation_too_many_files: ['tooManyFiles', { count: 'maxSelect' }],
};

// Where one field says it better than the code alone.
const FIELD_MESSAGES: Record<string, Explain> = {
  'email:validation_not_unique': ['emailTaken'],
  'password:validation_min_text_constraint': ['passwordTooShort', { min: 'min' }],
  'password:validation_length_too_short': ['passwordTooShort', { min: 'min' }],
  'password:validation_length_out_of_range': ['passwordLength', { min: 'min', max: 'max' }],
  'passwordConfirm:validation_values_mismatch': ['passwordsMismatch'],
};

// Our hooks' codes whose message names the exact problem, already in the request's language.
const SHOWN_AS_SENT = new Set([
  'validation_image_refused',
  'invalid_scheme',
  'validation_custom_field',
  'validation_fresh_signin',
  'validation_audit_retention',
  'validation_api_key',
  'validation_staff_name',
]);

/** The message Chorus shows next to `field` for PocketBase's `{ code, message, params }`. */
export function fieldMessage(field: string, { code = '', message = '', params = {} }: FieldError): string {
  const explain = FIELD_MESSAGES[`${field}:${code}`] ?? CODE_MESSAGES[code];
  // Pages without forms do not embed the fieldErrors namespace (src/i18n/messages.ts): a plain word there.
  if (explain && currentI18n().messages.fieldErrors) {
    const [key, fill = {}] = explain;
    const values: Record<string, string | number> = {};
    // Some of PocketBase's errors carry their numbers only in the English text (the password field's
    // "Must be at least 8 character(s)"): read them from there, in order, when params lack them.
    const numbersInText = (message.match(/\d+/g) ?? []).map(Number);
    let nextFromText = 0;
    for (const [placeholder, param] of Object.entries(fill)) {
      if (param === 'file') values[placeholder] = String(params[param] ?? '');
      else if (params[param] !== undefined) values[placeholder] = number(params[param]);
      else values[placeholder] = numbersInText[nextFromText++] ?? 0;
    }
    // File sizes come in bytes; people read megabytes.
    if (typeof values.size === 'number') values.size = Math.round((values.size / 1024 / 1024) * 10) / 10;
    return translate('fieldErrors', key, values);
  }
  if (SHOWN_AS_SENT.has(code) && message) return message;
  return translate('errors', 'invalid');
}

/** True when the server could not be reached at all (or answered 5xx): pages show 503. */
export function isUnavailable(error: unknown): boolean {
  if (error instanceof ClientResponseError) return error.status === 0 || error.status >= 500;
  return error instanceof TypeError || (error instanceof DOMException && error.name === 'TimeoutError');
}

/** True when PocketBase throttled the request (429): pages show the "slow down" page, never a 500. */
export function isRateLimited(error: unknown): boolean {
  return error instanceof ClientResponseError && error.status === 429;
}

export function isNotFound(error: unknown): boolean {
  return error instanceof ClientResponseError && error.status === 404;
}

/** What `load` resolves with, or null when PocketBase answers 404 (a page then shows its 404); other errors throw. */
export async function unlessNotFound<T>(load: Promise<T>): Promise<T | null> {
  try {
    return await load;
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
