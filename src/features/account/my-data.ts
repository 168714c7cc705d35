// A member's own data and account (GDPR art. 15, 17, 20), through Chorus's routes (pb_hooks/account/account.pb.js):
// the data as one zip (data.json plus every file they uploaded), a fresh sign-in, and deleting an account
// (one's own, or an admin's for a member on request).
import { strToU8, type Zippable, zipSync } from 'fflate';
import type { PocketBase } from '../../lib/pb/client';

export interface MemberFile {
  /** Where it goes in the archive, e.g. files/ideas/<id>/shot.png. */
  path: string;
  collection: string;
  record: string;
  name: string;
}
export interface MemberData {
  document: Record<string, unknown>;
  files: MemberFile[];
}

/** Everything held about the signed-in member, or (admins) about member `memberId`. */
export function fetchMemberData(pb: PocketBase, memberId = ''): Promise<MemberData> {
  const path = memberId ? `/api/chorus/members/${encodeURIComponent(memberId)}/export` : '/api/chorus/me/export';
  return pb.send<MemberData>(path, { method: 'GET' });
}

/** The archive: data.json, then each uploaded file (stored, not recompressed: images are compressed already). */
export async function buildDataArchive(pb: PocketBase, data: MemberData): Promise<Uint8Array<ArrayBuffer>> {
  const entries: Zippable = { 'data.json': strToU8(`${JSON.stringify(data.document, null, 2)}\n`) };
  // Images of ideas and comments are protected files: a file token (the caller's sign-in) opens them.
  const token = data.files.length > 0 ? await pb.files.getToken() : '';
  for (const file of data.files) {
    const url = pb.files.getURL({ id: file.record, collectionName: file.collection }, file.name, { token });
    const answer = await fetch(url);
    if (!answer.ok) throw new Error(`Fetching ${file.path} failed: HTTP ${answer.status}`);
    entries[file.path] = [new Uint8Array(await answer.arrayBuffer()), { level: 0 }];
  }
  return zipSync(entries, { level: 6 }) as Uint8Array<ArrayBuffer>;
}

/** The archive's file name: chorus-data-<id>-<date>.zip. */
export function archiveName(data: MemberData): string {
  const profile = data.document.profile as { id?: string } | undefined;
  return `chorus-data-${profile?.id ?? 'member'}-${new Date().toISOString().slice(0, 10)}.zip`;
}

export type FreshProof = { password: string } | { otpId: string; code: string };

/** Proves a fresh sign-in (password, or an emailed code); the token is valid five minutes. */
export async function confirmFreshSignIn(pb: PocketBase, proof: FreshProof): Promise<string> {
  const answer = await pb.send<{ token: string }>('/api/chorus/me/fresh', { method: 'POST', body: proof });
  return answer.token;
}

/** Deletes the signed-in member's account (needs a fresh sign-in token) and signs out. */
export async function deleteOwnAccount(pb: PocketBase, fresh: string): Promise<void> {
  await pb.send('/api/chorus/me/delete', { method: 'POST', body: { fresh } });
  pb.authStore.clear();
}

/** An admin deletes member `memberId`'s account on their request (with the admin's own fresh token). */
export async function deleteMemberAccount(pb: PocketBase, memberId: string, fresh: string): Promise<void> {
  await pb.send(`/api/chorus/members/${encodeURIComponent(memberId)}/delete`, { method: 'POST', body: { fresh } });
}
