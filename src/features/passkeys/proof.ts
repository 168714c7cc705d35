// The proof the site's Worker gives PocketBase for a verified passkey ceremony (src/lib/site-proof.ts, purpose
// "passkeys"). Short-lived; the one-time challenge inside makes each proof good for one use.
import { signSiteProof, toBase64Url } from '../../lib/site-proof';

export { toBase64Url };

/** Signs `claims` (plus audience and a 60-second expiry) for PocketBase's passkey routes. */
export function signProof(secret: string, claims: Record<string, unknown>): Promise<string> {
  return signSiteProof(secret, 'passkeys', claims);
}

/** A fresh challenge: 32 random bytes, base64url (43 characters). */
export function newChallenge(): string {
  return toBase64Url(crypto.getRandomValues(new Uint8Array(32)));
}
