// Statuses and tags: the vocabulary of list filters and status pills, and the statuses an idea went through.
import type { PocketBase } from '../../lib/pb/client';
import type { TagRecord } from '../../lib/pb/post-types';
import type { StatusRecord } from '../../lib/pb/types';

export function listStatuses(pb: PocketBase): Promise<StatusRecord[]> {
  return pb.collection('statuses').getFullList<StatusRecord>({ sort: 'position,name' });
}

export function listTags(pb: PocketBase): Promise<TagRecord[]> {
  return pb.collection('tags').getFullList<TagRecord>({ sort: 'name' });
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
