// The Worker's half of passkeys: builds WebAuthn options around a one-time challenge PocketBase stores, and
// verifies the browser's answer (signature, challenge, origin, relying party, counter) with SimpleWebAuthn
// before proving the result to PocketBase (src/features/passkeys/passkeys-data.ts), which issues the session or stores the key.
import {
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  generateAuthenticationOptions,
  generateRegistrationOptions,
  type RegistrationResponseJSON,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
} from '@simplewebauthn/server';
import { isoBase64URL } from '@simplewebauthn/server/helpers';
import type { PocketBase } from '../../lib/pb/client';
import { type Ceremony, callPasskeys, type Lookup } from './passkey-proofs';
import { newChallenge } from './proof';

/** A refusal the Worker itself makes: `code` is a `passkeys` message key, `values` its placeholders. */
export class PasskeyRefusal extends Error {
  constructor(
    readonly code: 'crossOrigin' | 'wrongOrigin' | 'failed' | 'unavailable' | 'signedOut' | 'badName',
    readonly status: number,
    readonly values?: Record<string, string>,
  ) {
    super(code);
  }
}

export interface PasskeyContext {
  pb: PocketBase;
  secret: string | undefined;
  /** The request's Origin header: it must be the site's own (PocketBase's Application URL). */
  origin: string | null;
}

function secretOf(context: PasskeyContext): string {
  if (!context.secret) throw new PasskeyRefusal('unavailable', 503);
  return context.secret;
}

/** The ceremony's origin must be the site's (PocketBase's Application URL): a browser page on another address
 * (the IP address, a second name) is told both and where the site's is set; no Origin at all is no browser's. */
function checkOrigin(context: PasskeyContext, site: { origin: string }): void {
  if (context.origin === site.origin) return;
  if (!context.origin || context.origin === 'null') throw new PasskeyRefusal('crossOrigin', 403);
  throw new PasskeyRefusal('wrongOrigin', 403, { expected: site.origin, actual: context.origin });
}

/** The challenge inside a response's clientDataJSON (unverified: PocketBase decides whether it is pending). */
function challengeOf(response: { response?: { clientDataJSON?: unknown } }): string {
  try {
    const json = JSON.parse(isoBase64URL.toUTF8String(String(response.response?.clientDataJSON ?? '')));
    const challenge = String(json.challenge ?? '');
    if (/^[A-Za-z0-9_-]{43}$/.test(challenge)) return challenge;
  } catch {
    // Not a WebAuthn response.
  }
  throw new PasskeyRefusal('failed', 400);
}

const transportsOf = (list: string[]) => list as AuthenticatorTransport[];

/** Options for signing in with any passkey of this site (discoverable credentials). */
export async function beginSignIn(context: PasskeyContext) {
  const secret = secretOf(context);
  const challenge = newChallenge();
  const site = await callPasskeys<Ceremony>(context.pb, secret, 'challenge', { challenge, purpose: 'signin' });
  checkOrigin(context, site);
  return generateAuthenticationOptions({
    rpID: site.rpId,
    challenge: isoBase64URL.toBuffer(challenge),
    userVerification: 'preferred',
  });
}

/** Verifies a sign-in response; resolves with PocketBase's sign-in answer ({ token, record }). */
export async function completeSignIn(context: PasskeyContext, response: AuthenticationResponseJSON) {
  const secret = secretOf(context);
  const challenge = challengeOf(response);
  const found = await callPasskeys<Lookup>(context.pb, secret, 'lookup', { challenge, credential: response.id });
  checkOrigin(context, found);
  if (found.purpose !== 'signin' || !found.credential) throw new PasskeyRefusal('failed', 400);
  const credential = found.credential;
  const result = await verifyAuthenticationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: found.origin,
    expectedRPID: found.rpId,
    credential: {
      id: credential.id,
      publicKey: isoBase64URL.toBuffer(credential.publicKey),
      counter: credential.counter,
      transports: transportsOf(credential.transports),
    },
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) throw new PasskeyRefusal('failed', 400);
  const counter = result.authenticationInfo.newCounter;
  return callPasskeys<{ token: string; record: unknown }>(context.pb, secret, 'signin', {
    challenge,
    credential: credential.id,
    counter,
  });
}

/** Options for the signed-in member `userId` to add a passkey (their existing ones excluded). */
export async function beginRegistration(context: PasskeyContext, userId: string | undefined) {
  const secret = secretOf(context);
  if (!userId) throw new PasskeyRefusal('signedOut', 401);
  const challenge = newChallenge();
  const site = await callPasskeys<Ceremony>(context.pb, secret, 'challenge', {
    challenge,
    purpose: 'register',
    user: userId,
  });
  checkOrigin(context, site);
  const user = site.user ?? { id: userId, email: '', name: '' };
  return generateRegistrationOptions({
    rpName: site.rpName,
    rpID: site.rpId,
    userID: new TextEncoder().encode(user.id),
    userName: user.email || user.id,
    userDisplayName: user.name || user.email,
    challenge: isoBase64URL.toBuffer(challenge),
    attestationType: 'none',
    excludeCredentials: (site.exclude ?? []).map((item) => ({
      id: item.id,
      transports: transportsOf(item.transports),
    })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
}

/** Verifies a registration response and stores the passkey under `name`; resolves with the new row. */
export async function completeRegistration(
  context: PasskeyContext,
  userId: string | undefined,
  response: RegistrationResponseJSON,
  name: string,
) {
  const secret = secretOf(context);
  if (!userId) throw new PasskeyRefusal('signedOut', 401);
  const challenge = challengeOf(response);
  const found = await callPasskeys<Lookup>(context.pb, secret, 'lookup', { challenge });
  checkOrigin(context, found);
  if (found.purpose !== 'register' || found.user !== userId) throw new PasskeyRefusal('failed', 400);
  const result = await verifyRegistrationResponse({
    response,
    expectedChallenge: challenge,
    expectedOrigin: found.origin,
    expectedRPID: found.rpId,
    requireUserVerification: false,
  }).catch(() => null);
  if (!result?.verified) throw new PasskeyRefusal('failed', 400);
  const { credential } = result.registrationInfo;
  return callPasskeys<{ id: string; name: string; created: string }>(context.pb, secret, 'register', {
    challenge,
    user: userId,
    credential: credential.id,
    publicKey: isoBase64URL.fromBuffer(credential.publicKey),
    counter: credential.counter,
    transports: credential.transports ?? response.response.transports ?? [],
    name: name.trim().slice(0, 60),
  });
}
