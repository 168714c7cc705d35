// The proof the site's Worker gives PocketBase for a verified passkey ceremony: an HS256 JWT (WebCrypto) signed
// with a key derived from CHORUS_PROXY_SECRET exactly as pb_hooks/lib/passkeys.js derives it. Short-lived; the
// one-time challenge inside makes each proof good for one use.
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

/** Signs `claims` (plus audience and a 60-second expiry) for PocketBase's passkey routes. */
export async function signProof(secret: string, claims: Record<string, unknown>): Promise<string> {
  const key = hex(await hmac(secret, 'chorus-passkeys-proof'));
  const now = Math.floor(Date.now() / 1000);
  const header = toBase64Url(encoder.encode(JSON.stringify({ alg: 'HS256', typ: 'JWT' })));
  const body = toBase64Url(
    encoder.encode(JSON.stringify({ ...claims, aud: 'chorus-passkeys', iat: now, exp: now + 60 })),
  );
  const signature = toBase64Url(await hmac(key, `${header}.${body}`));
  return `${header}.${body}.${signature}`;
}

/** A fresh challenge: 32 random bytes, base64url (43 characters). */
export function newChallenge(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}
