// Maps whatever PocketBase (or the network) throws to a small union the UI can show, in the page's
// language: PocketBase's own field codes become Chorus's messages (errors namespace); our hooks'
// messages already come in the request's language (Accept-Language) and are shown as they come.
import { ClientResponseError } from 'pocketbase';
import { translate } from '../../i18n/current';

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
    case 429:
      return { kind: 'rate-limited', message: translate('errors', 'rateLimited') };
    default:
      return error.status >= 500
        ? network()
        : { kind: 'forbidden', message: message ?? translate('errors', 'notAllowed') };
  }
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
type Explain = (params: Record<string, unknown>) => string;

// PocketBase's validation codes (core/field_*.go, core/validators, ozzo-validation) and their params.
export const CODE_MESSAGES: Record<string, Explain> = {
  validation_required: () => translate('errors', 'required'),
  validation_nil_or_not_empty_required: () => translate('errors', 'required'),
  validation_blank: () => translate('errors', 'blank'),
  validation_is_email: () => translate('errors', 'invalidEmail'),
  validation_invalid_email: () => translate('errors', 'invalidEmail'),
  validation_invalid_new_email: () => translate('errors', 'invalidEmail'),
  validation_email_domain_not_allowed: () => translate('errors', 'invalidEmail'),
  validation_not_unique: () => translate('errors', 'notUnique'),
  validation_values_mismatch: () => translate('errors', 'valuesMismatch'),
  validation_min_text_constraint: (p) => translate('errors', 'tooShort', { min: number(p.min) }),
  validation_length_too_short: (p) => translate('errors', 'tooShort', { min: number(p.min) }),
  validation_max_text_constraint: (p) => translate('errors', 'tooLong', { max: number(p.max) }),
  validation_length_too_long: (p) => translate('errors', 'tooLong', { max: number(p.max) }),
  validation_length_out_of_range: (p) =>
    translate('errors', 'lengthOutOfRange', { min: number(p.min), max: number(p.max) }),
  validation_min_number_constraint: (p) => translate('errors', 'numberTooSmall', { min: number(p.min) }),
  validation_max_number_constraint: (p) => translate('errors', 'numberTooLarge', { max: number(p.max) }),
  validation_not_a_number: () => translate('errors', 'notANumber'),
  validation_only_int_constraint: () => translate('errors', 'notANumber'),
  validation_invalid_value: () => translate('errors', 'notAChoice'),
  validation_in_invalid: () => translate('errors', 'notAChoice'),
  validation_too_many_values: (p) => translate('errors', 'tooManyChoices', { count: number(p.maxSelect) }),
  validation_invalid_url: () => translate('errors', 'invalidUrl'),
  validation_url_domain_not_allowed: () => translate('errors', 'invalidUrl'),
  validation_file_size_limit: (p) =>
    translate('errors', 'fileTooLarge', {
      file: String(p.file ?? ''),
      size: Math.round((number(p.maxSize) / 1024 / 1024) * 10) / 10,
    }),
  validation_invalid_mime_type: () => translate('errors', 'fileType'),
  validation_invalid_file: () => translate('errors', 'invalidFile'),
  validation_too_many_files: (p) => translate('errors', 'tooManyFiles', { count: number(p.maxSelect) }),
};

// Where one field says it better than the code alone.
const FIELD_MESSAGES: Record<string, Explain> = {
  'email:validation_not_unique': () => translate('errors', 'emailTaken'),
  'password:validation_min_text_constraint': (p) => translate('errors', 'passwordTooShort', { min: number(p.min) }),
  'password:validation_length_too_short': (p) => translate('errors', 'passwordTooShort', { min: number(p.min) }),
  'password:validation_length_out_of_range': (p) =>
    translate('errors', 'passwordLength', { min: number(p.min), max: number(p.max) }),
  'passwordConfirm:validation_values_mismatch': () => translate('errors', 'passwordsMismatch'),
};

// Our hooks' codes whose message names the exact problem, already in the request's language.
const SHOWN_AS_SENT = new Set(['validation_image_refused', 'invalid_scheme']);

/** The message Chorus shows next to `field` for PocketBase's `{ code, message, params }`. */
export function fieldMessage(field: string, { code = '', message = '', params = {} }: FieldError): string {
  const explain = FIELD_MESSAGES[`${field}:${code}`] ?? CODE_MESSAGES[code];
  if (explain) return explain(params);
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
