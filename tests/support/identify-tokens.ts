// Signs identify tokens as a team's app server would (jose, HS256), plus the bad ones Chorus must refuse.
import { SignJWT, UnsecuredJWT } from 'jose';

export interface IdentifyClaims {
  sub: string;
  email: string;
  name?: string;
  avatar?: string;
  [claim: string]: unknown;
}

export interface TokenTimes {
  /** Seconds relative to now. */
  iat?: number;
  exp?: number;
  nbf?: number;
  jti?: string | null | undefined;
}

/** An HS256 identify token valid for 5 minutes unless told otherwise. */
export function signIdentifyToken(secret: string, claims: IdentifyClaims, times: TokenTimes = {}): Promise<string> {
  const now = Math.floor(Date.now() / 1000);
  const jwt = new SignJWT({ ...claims })
    .setProtectedHeader({ alg: 'HS256', typ: 'JWT' })
    .setIssuedAt(now + (times.iat ?? 0))
    .setExpirationTime(now + (times.exp ?? 300));
  if (times.nbf !== undefined) jwt.setNotBefore(now + times.nbf);
  if (times.jti !== null) jwt.setJti(times.jti ?? crypto.randomUUID());
  return jwt.sign(new TextEncoder().encode(secret));
}

/** An `alg: none` token carrying valid-looking claims. */
export function unsignedToken(claims: IdentifyClaims): string {
  const now = Math.floor(Date.now() / 1000);
  return new UnsecuredJWT({ ...claims, jti: crypto.randomUUID() })
    .setIssuedAt(now)
    .setExpirationTime(now + 300)
    .encode();
}

/** Every kind of bad token, each with the refusal code Chorus answers. */
export async function badTokens(secret: string, claims: IdentifyClaims) {
  const valid = await signIdentifyToken(secret, claims);
  return [
    { name: 'expired', code: 'expired', token: await signIdentifyToken(secret, claims, { iat: -400, exp: -100 }) },
    { name: 'not yet valid', code: 'not_yet_valid', token: await signIdentifyToken(secret, claims, { nbf: 120 }) },
    {
      name: 'wrongly signed',
      code: 'bad_signature',
      token: await signIdentifyToken('a-different-secret-of-enough-length-000', claims),
    },
    { name: 'alg none', code: 'bad_algorithm', token: unsignedToken(claims) },
    { name: 'living too long', code: 'too_long', token: await signIdentifyToken(secret, claims, { exp: 3600 }) },
    { name: 'tampered', code: 'bad_signature', token: tamper(valid) },
    { name: 'garbage', code: 'malformed', token: 'not.a.jwt' },
  ];
}

/** The same signature over a payload that now claims another user id. */
function tamper(token: string): string {
  const [header, payload, signature] = token.split('.');
  const claims = JSON.parse(Buffer.from(payload ?? '', 'base64url').toString());
  claims.sub = 'someone-else';
  return [header, Buffer.from(JSON.stringify(claims)).toString('base64url'), signature].join('.');
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The same token with each spelling of its signature's last base64url character (a 32-byte signature leaves
 * 2 unused bits there): four texts that decode to the very same signature. */
export function respellings(token: string): string[] {
  const value = BASE64URL.indexOf(token.slice(-1));
  return [0, 1, 2, 3].map((low) => token.slice(0, -1) + BASE64URL[(value & ~3) | low]);
}
