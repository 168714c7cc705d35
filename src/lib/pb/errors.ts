// Maps whatever PocketBase (or the network) throws to a small union the UI can show.
import { ClientResponseError } from 'pocketbase';

export type AppError =
  | { kind: 'validation'; message: string; fields: Record<string, string> }
  | { kind: 'unauthorized'; message: string }
  | { kind: 'forbidden'; message: string }
  | { kind: 'not-found'; message: string }
  | { kind: 'rate-limited'; message: string }
  | { kind: 'network'; message: string };

export const RATE_LIMITED_MESSAGE = 'Too many attempts, try again in a minute.';
const NETWORK_MESSAGE = 'Chorus cannot reach its server right now. Check your connection and try again.';

export function toAppError(error: unknown): AppError {
  if (!(error instanceof ClientResponseError)) {
    return { kind: 'network', message: NETWORK_MESSAGE };
  }
  const message = error.response?.message || error.message;
  switch (error.status) {
    case 0:
      return { kind: 'network', message: NETWORK_MESSAGE };
    case 400:
      return { kind: 'validation', message: message || 'Please check the form.', fields: fieldMessages(error) };
    case 401:
      return { kind: 'unauthorized', message: 'Please sign in to do that.' };
    case 403:
      return { kind: 'forbidden', message: message || 'You are not allowed to do that.' };
    case 404:
      return { kind: 'not-found', message: 'That could not be found.' };
    case 429:
      return { kind: 'rate-limited', message: RATE_LIMITED_MESSAGE };
    default:
      return error.status >= 500 ? { kind: 'network', message: NETWORK_MESSAGE } : { kind: 'forbidden', message };
  }
}

function fieldMessages(error: ClientResponseError): Record<string, string> {
  const data = (error.response?.data ?? {}) as Record<string, { code?: string; message?: string } | undefined>;
  const fields: Record<string, string> = {};
  for (const [field, detail] of Object.entries(data)) {
    if (detail?.message) fields[field] = friendlyFieldMessage(field, detail.code ?? '', detail.message);
  }
  return fields;
}

// PocketBase's validation codes, in words a person understands; anything else keeps the server's text.
const FRIENDLY: Record<string, string> = {
  validation_required: 'This field is required.',
  validation_is_email: 'Enter an email address like name@example.com.',
  validation_invalid_email: 'Enter an email address like name@example.com.',
  'email:validation_not_unique': 'An account with this email already exists. Sign in instead?',
  'email:validation_invalid_email': 'Enter an email address like name@example.com.',
  'password:validation_length_out_of_range': 'Use at least 8 characters (at most 71).',
  'password:validation_length_too_short': 'Use at least 8 characters.',
  'password:validation_min_text_constraint': 'Use at least 8 characters.',
  'passwordConfirm:validation_values_mismatch': 'The passwords do not match.',
  validation_max_text_constraint: 'This is too long.',
};

export function friendlyFieldMessage(field: string, code: string, message: string): string {
  return FRIENDLY[`${field}:${code}`] ?? FRIENDLY[code] ?? message;
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
