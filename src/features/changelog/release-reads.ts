// "What's new": how many releases were published after a moment, and when a member last looked.
import type { PocketBase } from '../../lib/pb/client';
import type { BaseRecord } from '../../lib/pb/types';

export interface ReleaseReadRecord extends BaseRecord {
  user: string;
  seen_at: string;
}

/** PocketBase keeps dates as "YYYY-MM-DD HH:MM:SS.sssZ" and compares them as text. */
const toPbDate = (iso: string) => iso.replace('T', ' ');

export async function countReleasesSince(pb: PocketBase, sinceIso: string): Promise<number> {
  const list = await pb.collection('changelog_entries').getList(1, 1, {
    filter: pb.filter('state = "published" && published_at > {:since}', { since: toPbDate(sinceIso) }),
    fields: 'id',
  });
  return list.totalItems;
}

export async function findReleaseRead(pb: PocketBase, userId: string): Promise<ReleaseReadRecord | null> {
  const list = await pb.collection('release_reads').getList<ReleaseReadRecord>(1, 1, {
    filter: pb.filter('user = {:user}', { user: userId }),
    skipTotal: true,
  });
  return list.items[0] ?? null;
}

export function saveReleaseRead(
  pb: PocketBase,
  userId: string,
  existing: ReleaseReadRecord | null,
  seenAtIso: string,
): Promise<ReleaseReadRecord> {
  const reads = pb.collection('release_reads');
  return existing
    ? reads.update<ReleaseReadRecord>(existing.id, { seen_at: seenAtIso })
    : reads.create<ReleaseReadRecord>({ user: userId, seen_at: seenAtIso });
}
