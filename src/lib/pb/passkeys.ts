// PocketBase's passkey routes (pb_hooks/passkeys.pb.js), called by the site's Worker with a signed proof, and the
// owner's own list, rename and remove (browser side, through the passkeys collection's rules).
import type { RecordModel } from 'pocketbase';
import { signProof } from '../passkeys/proof';
import type { PocketBase } from './client';

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

export interface PasskeySummary {
  id: string;
  name: string;
  created: string;
  last_used: string;
}

/** The signed-in member's passkeys (the rules show only their own; public keys are never sent). */
export async function listOwnPasskeys(pb: PocketBase): Promise<PasskeySummary[]> {
  const items = await pb.collection('passkeys').getFullList<RecordModel>({
    sort: 'created',
    fields: 'id,name,created,last_used',
  });
  return items.map((item) => ({
    id: item.id,
    name: String(item.name ?? ''),
    created: String(item.created ?? ''),
    last_used: String(item.last_used ?? ''),
  }));
}

export async function renamePasskey(pb: PocketBase, id: string, name: string): Promise<void> {
  await pb.collection('passkeys').update(id, { name: name.trim() });
}

export async function removePasskey(pb: PocketBase, id: string): Promise<void> {
  await pb.collection('passkeys').delete(id);
}
