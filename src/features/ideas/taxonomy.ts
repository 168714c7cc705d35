// Statuses and tags: the vocabulary of list filters and status pills, and the statuses an idea went through.
import { type PocketBase, signedOut } from '../../lib/pb/client';
import { copyRecords, keptAtVersion } from '../../lib/pb/kept-at-version';
import type { TagRecord } from '../../lib/pb/post-types';
import type { StatusRecord } from '../../lib/pb/types';

export function listStatuses(pb: PocketBase): Promise<StatusRecord[]> {
  return pb.collection('statuses').getFullList<StatusRecord>({ sort: 'position,name' });
}

export function listTags(pb: PocketBase): Promise<TagRecord[]> {
  return pb.collection('tags').getFullList<TagRecord>({ sort: 'name' });
}

/** Every tag a page's viewer may see: staff-only tags are the only difference the tags' rule makes, so staff read
 * them as themselves and anyone else as a visitor does; either set is the same for its whole audience, kept per
 * isolate under the shell's version (`version`: a member's check, or PocketBase to a visitor's render, named it). */
export function listTagsSeenBy(pb: PocketBase, staff: boolean, version: string | null): Promise<TagRecord[]> {
  const read = () => listTags(staff ? pb : signedOut(pb));
  return keptAtVersion(staff ? 'staff tags' : 'tags', version, read, copyRecords);
}

/** An idea's status changes, oldest first: from, to, the note and when. */
export async function listStatusHistory(pb: PocketBase, postId: string) {
  const events = await pb.collection('status_events').getFullList({
    filter: pb.filter('post = {:id}', { id: postId }),
    sort: 'created',
    expand: 'from,to',
    fields: 'created,note,expand.from.name,expand.to.name',
  });
  return events.map((event) => {
    const expand = (event.expand ?? {}) as { from?: { name: string }; to?: { name: string } };
    return {
      from: expand.from?.name ?? '',
      to: expand.to?.name ?? '',
      note: String(event.note ?? ''),
      at: event.created,
    };
  });
}
