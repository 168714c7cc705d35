// Proofs the site's Worker gives PocketBase for routes only it may call: an HS256 JWT (WebCrypto) signed with a
// key derived per purpose from CHORUS_PROXY_SECRET by the contract's terms (src/contract/site-proof.ts), with that
// purpose as audience and a 60-second expiry. Passkey ceremonies and tracker events each have their own purpose.
import { PROOF_LIFETIME_SECONDS, type ProofPurpose, proofAudience, proofKeyLabel } from '../contract/site-proof';

export type { ProofPurpose };

const encoder = new TextEncoder();

async function hmac(key: string, text: string): Promise<Uint8Array> {
  const cryptoKey = await crypto.subtle.importKey(
    'raw',
    encoder.encode(key),
    { name: 'HMAC', hash: 'SHA-256' },
    false,
    ['sign'],
  );
  return new Uint8Array(await crypto.subtle.sign('HMAC', cryptoKey, encoder.encode(text)));
}

const hex = (bytes: Uint8Array) => Array.from(bytes, (byte) => byte.toString(16).padStart(2, '0')).join('');

export function toBase64Url(bytes: Uint8Array): string {
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** Signs `claims` (plus the purpose's audience and a 60-second expiry) for PocketBase's `purpose` routes. */
export async function signSiteProof(
  secret: string,
  purpose: ProofPurpose,
  claims: Record<string, unknown>,
): Promise<string> {
  const key = hex(await hmac(secret, proofKeyLabel(purpose)));
  const now = Math.floor(Date.now() / 1000);
  const header = toBase64Url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
  const body = toBase64Url(
    encoder.encode(
      JSON.stringify({ ...claims, aud: proofAudience(purpose), iat: now, exp: now + PROOF_LIFETIME_SECONDS }),
    ),
  );
  const signature = toBase64Url(await hmac(key, `${header}.${body}`));
  return `${header}.${body}.${signature}`;
}
