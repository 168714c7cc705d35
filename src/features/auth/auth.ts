// Signing up, in, and resetting a password: the actions auth islands call. Each resolves with
// an outcome the form renders (field messages stay next to their fields; nothing typed is cleared).
// The email being used and a pending emailed code survive reloads in sessionStorage.

import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import type { AppError } from '../../lib/pb/errors';
import { signOut } from '../../lib/pb/session-refresh';
import { attempt as attemptAction, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import * as auth from './auth-data';

/** What an auth form renders: done, or an error with field messages. */
export type AuthOutcome = Result<void>;

export interface CodeRequest {
  email: string;
  otpId: string;
  /** The page that asked for it, so sign in and sign up each resume only their own. */
  flow: 'signin' | 'signup';
  /** A sign-up with a passkey: once the code signs in, the device creates the passkey. */
  passkey?: boolean;
}

const EMAIL_KEY = 'chorus:auth-email';
const CODE_KEY = 'chorus:auth-code';

/** The email typed in any auth form, shared by sign in, sign up and password reset. */
export const $authEmail = atom<string>(read(EMAIL_KEY) ?? '');
/** A code we emailed and are waiting for the person to type. */
export const $codeRequest = atom<CodeRequest | null>(parse(read(CODE_KEY)));

$authEmail.listen((email) => write(EMAIL_KEY, email));
$codeRequest.listen((request) => write(CODE_KEY, request && JSON.stringify(request)));

export function setAuthEmail(email: string): void {
  $authEmail.set(email);
}

export function signInWithPassword(email: string, password: string): Promise<AuthOutcome> {
  return attempt(() => auth.signInWithPassword(getClient(), email, password), passwordFailure);
}

/** `turnstileToken`: the Turnstile widget's, where the site asks for its check (src/features/auth/turnstile.ts). */
export function sendSignInCode(
  email: string,
  flow: CodeRequest['flow'] = 'signin',
  turnstileToken = '',
): Promise<AuthOutcome> {
  return attempt(async () => {
    const otpId = await auth.requestSignInCode(getClient(), email, turnstileToken);
    $codeRequest.set({ email: email.trim(), otpId, flow });
  });
}

export function createAccount(input: auth.SignUpInput, passkey = false, turnstileToken = ''): Promise<AuthOutcome> {
  return attempt(async () => {
    const otpId = await auth.signUp(getClient(), input, turnstileToken);
    $codeRequest.set({ email: input.email.trim(), otpId, flow: 'signup', ...(passkey && { passkey }) });
  });
}

/** A password nobody will know, for an account that signs in with a passkey (a reset can still set one). */
export function unknownPassword(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(24));
  return Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');
}

/** Redeems the emailed code: signs in and marks the email verified. */
export function redeemCode(code: string): Promise<AuthOutcome> {
  const request = $codeRequest.get();
  if (!request) return Promise.resolve({ ok: false, error: codeFailure() });
  return attempt(async () => {
    await auth.signInWithCode(getClient(), request.otpId, code);
    $codeRequest.set(null);
  }, codeFailure);
}

export function cancelCode(): void {
  $codeRequest.set(null);
}

export function signInWithProvider(provider: string): Promise<AuthOutcome> {
  return attempt(() => auth.signInWithOAuth(getClient(), provider));
}

export function sendPasswordReset(email: string): Promise<AuthOutcome> {
  return attempt(() => auth.requestPasswordReset(getClient(), email));
}

export function setNewPassword(token: string, password: string): Promise<AuthOutcome> {
  return attempt(async () => {
    await auth.confirmPasswordReset(getClient(), token, password);
    signOut(getClient());
  }, resetFailure);
}

async function attempt(run: () => Promise<unknown>, explain?: (error: AppError) => AppError): Promise<AuthOutcome> {
  const result = await attemptAction(async () => {
    await run();
  });
  return result.ok || !explain ? result : { ok: false, error: explain(result.error) };
}

// PocketBase answers a failed sign-in with a bare 400; say what it means.
function passwordFailure(error: AppError): AppError {
  if (error.kind !== 'validation' || Object.keys(error.fields).length > 0) return error;
  return { kind: 'validation', message: translate('signIn', 'wrongPassword'), fields: {} };
}

function codeFailure(error?: AppError): AppError {
  if (error && error.kind !== 'validation' && error.kind !== 'not-found' && error.kind !== 'unauthorized') {
    return error;
  }
  const message = translate('signIn', 'wrongCode');
  return { kind: 'validation', message, fields: { code: message } };
}

function resetFailure(error: AppError): AppError {
  if (error.kind !== 'validation' || error.fields.password) return error;
  const message = translate('signIn', 'badResetLink');
  return { kind: 'validation', message, fields: { token: message } };
}

function read(key: string): string | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage.getItem(key);
  } catch {
    return null;
  }
}

function write(key: string, value: string | null): void {
  try {
    if (value) sessionStorage.setItem(key, value);
    else sessionStorage.removeItem(key);
  } catch {
    // Private modes may refuse storage; the form still works, only reloads forget.
  }
}

function parse(value: string | null): CodeRequest | null {
  try {
    const parsed = value ? (JSON.parse(value) as CodeRequest) : null;
    return parsed?.otpId && parsed.email ? parsed : null;
  } catch {
    return null;
  }
}
