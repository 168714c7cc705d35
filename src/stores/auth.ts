// Signing up, in, and resetting a password: the actions auth islands call. Each resolves with
// an outcome the form renders (field messages stay next to their fields; nothing typed is cleared).
// The email being used and a pending emailed code survive reloads in sessionStorage.
import { atom } from 'nanostores';
import { toSafeNextPath } from '../lib/next-path';
import * as auth from '../lib/pb/auth';
import { getBrowserClient } from '../lib/pb/client';
import { type AppError, toAppError } from '../lib/pb/errors';

export type AuthOutcome = { ok: true } | { ok: false; error: AppError };

export interface CodeRequest {
  email: string;
  otpId: string;
  /** The page that asked for it, so sign in and sign up each resume only their own. */
  flow: 'signin' | 'signup';
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
  return attempt(() => auth.signInWithPassword(getBrowserClient(), email, password), passwordFailure);
}

export function sendSignInCode(email: string, flow: CodeRequest['flow'] = 'signin'): Promise<AuthOutcome> {
  return attempt(async () => {
    const otpId = await auth.requestSignInCode(getBrowserClient(), email);
    $codeRequest.set({ email: email.trim(), otpId, flow });
  });
}

export function createAccount(input: auth.SignUpInput): Promise<AuthOutcome> {
  return attempt(async () => {
    const otpId = await auth.signUp(getBrowserClient(), input);
    $codeRequest.set({ email: input.email.trim(), otpId, flow: 'signup' });
  });
}

/** Redeems the emailed code: signs in and marks the email verified. */
export function redeemCode(code: string): Promise<AuthOutcome> {
  const request = $codeRequest.get();
  if (!request) return Promise.resolve({ ok: false, error: codeFailure() });
  return attempt(async () => {
    await auth.signInWithCode(getBrowserClient(), request.otpId, code);
    $codeRequest.set(null);
  }, codeFailure);
}

export function cancelCode(): void {
  $codeRequest.set(null);
}

export function signInWithProvider(provider: string): Promise<AuthOutcome> {
  return attempt(() => auth.signInWithOAuth(getBrowserClient(), provider));
}

export function sendPasswordReset(email: string): Promise<AuthOutcome> {
  return attempt(() => auth.requestPasswordReset(getBrowserClient(), email));
}

export function setNewPassword(token: string, password: string): Promise<AuthOutcome> {
  return attempt(async () => {
    await auth.confirmPasswordReset(getBrowserClient(), token, password);
    auth.signOut(getBrowserClient());
  }, resetFailure);
}

/** A full navigation, so the server renders the next page with the new auth cookie. */
export function continueTo(next: string | null | undefined): void {
  window.location.assign(toSafeNextPath(next));
}

async function attempt(run: () => Promise<unknown>, explain?: (error: AppError) => AppError): Promise<AuthOutcome> {
  try {
    await run();
    return { ok: true };
  } catch (error) {
    const appError = toAppError(error);
    return { ok: false, error: explain ? explain(appError) : appError };
  }
}

// PocketBase answers a failed sign-in with a bare 400; say what it means.
function passwordFailure(error: AppError): AppError {
  if (error.kind !== 'validation' || Object.keys(error.fields).length > 0) return error;
  return { kind: 'validation', message: 'That email and password do not match an account.', fields: {} };
}

function codeFailure(error?: AppError): AppError {
  if (error && error.kind !== 'validation' && error.kind !== 'not-found' && error.kind !== 'unauthorized') {
    return error;
  }
  const message = 'That code is wrong or has expired. Check the email, or send a new code.';
  return { kind: 'validation', message, fields: { code: message } };
}

function resetFailure(error: AppError): AppError {
  if (error.kind !== 'validation' || error.fields.password) return error;
  const message = 'This reset link is invalid or has expired. Ask for a new one.';
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
