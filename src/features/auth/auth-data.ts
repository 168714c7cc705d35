// Signing up, in and out against the `users` auth collection. Browser-side; every function takes `pb` first.
import type { AuthProviderInfo, PocketBase } from '../../lib/pb/client';

const users = (pb: PocketBase) => pb.collection('users');

export async function signInWithPassword(pb: PocketBase, email: string, password: string): Promise<void> {
  await users(pb).authWithPassword(email.trim(), password);
}

/** Emails a one-time code; resolves with the id needed to redeem it. */
export async function requestSignInCode(pb: PocketBase, email: string, turnstileToken = ''): Promise<string> {
  // The Turnstile token, where the site asks for one, travels beside the address (pb_hooks/platform/integrations/turnstile.pb.js).
  const body = { email: email.trim(), ...(turnstileToken && { turnstile_token: turnstileToken }) };
  const { otpId } = await users(pb).requestOTP(email.trim(), { body });
  return otpId;
}

export async function signInWithCode(pb: PocketBase, otpId: string, code: string): Promise<void> {
  await users(pb).authWithOTP(otpId, code.trim());
}

export interface SignUpInput {
  name: string;
  email: string;
  password: string;
}

/** Creates the account, then emails a code that both verifies the address and signs in. */
export async function signUp(pb: PocketBase, input: SignUpInput, turnstileToken = ''): Promise<string> {
  await users(pb).create({
    ...(turnstileToken && { turnstile_token: turnstileToken }),
    name: input.name.trim(),
    email: input.email.trim(),
    password: input.password,
    passwordConfirm: input.password,
    emailVisibility: false,
    // Digests go out at 08:00 in the member's time zone (changeable in settings; the server checks it).
    browser_time_zone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
  });
  return requestSignInCode(pb, input.email);
}

export async function requestPasswordReset(pb: PocketBase, email: string): Promise<void> {
  await users(pb).requestPasswordReset(email.trim());
}

export async function confirmPasswordReset(pb: PocketBase, token: string, password: string): Promise<void> {
  await users(pb).confirmPasswordReset(token, password, password);
}

export async function confirmVerification(pb: PocketBase, token: string): Promise<void> {
  await users(pb).confirmVerification(token);
}

export async function signInWithOAuth(pb: PocketBase, provider: string): Promise<void> {
  await users(pb).authWithOAuth2({ provider });
}

export interface OAuthProvider {
  name: string;
  displayName: string;
}

/** OAuth2 providers the operator configured in PocketBase (admin UI or environment at start). */
export async function listOAuthProviders(pb: PocketBase): Promise<OAuthProvider[]> {
  const methods = await users(pb).listAuthMethods();
  if (!methods.oauth2.enabled) return [];
  return methods.oauth2.providers.map((p: AuthProviderInfo) => ({ name: p.name, displayName: p.displayName }));
}
