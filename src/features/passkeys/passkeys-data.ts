// A member's own passkeys, through the passkeys collection's rules: list, rename, remove (the Worker's calls to
// PocketBase's passkey routes are in passkey-proofs.ts, kept out of the browser).
import type { PocketBase, RecordModel } from '../../lib/pb/client';

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
