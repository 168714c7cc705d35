// PocketBase's passkey routes (pb_hooks/passkeys/passkeys.pb.js), called only by the site's Worker, each with a proof
// signed with a key derived from CHORUS_PROXY_SECRET (src/features/passkeys/proof.ts).

import type { PocketBase } from '../../lib/pb/client';
import { signProof } from './proof';

export interface RelyingParty {
  origin: string;
  rpId: string;
  rpName: string;
  purpose: 'signin' | 'register';
}

export interface StoredCredential {
  id: string;
  publicKey: string;
  counter: number;
  transports: string[];
  user: string;
}

export interface Ceremony extends RelyingParty {
  user?: { id: string; email: string; name: string };
  exclude?: StoredCredential[];
}

export interface Lookup extends RelyingParty {
  user: string;
  credential?: StoredCredential;
}

/** Posts a proof of `claims` to /api/chorus/passkeys/<route>. */
export async function callPasskeys<T>(
  pb: PocketBase,
  secret: string,
  route: 'challenge' | 'lookup' | 'signin' | 'register',
  claims: Record<string, unknown>,
): Promise<T> {
  const proof = await signProof(secret, { ...claims, act: route });
  return pb.send<T>(`/api/chorus/passkeys/${route}`, { method: 'POST', body: { proof } });
}
