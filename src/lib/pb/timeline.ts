// An idea's status history (status_events), oldest first.
import type { PocketBase } from './client';
import type { StatusEventRecord } from './staff-types';
import type { StatusRecord, UserRecord } from './types';

export type TimelineEvent = StatusEventRecord & {
  expand?: { from?: StatusRecord; to?: StatusRecord; actor?: UserRecord };
};

export function listStatusEvents(pb: PocketBase, postId: string): Promise<TimelineEvent[]> {
  return pb.collection('status_events').getFullList<TimelineEvent>({
    filter: pb.filter('post = {:post}', { post: postId }),
    sort: 'created',
    expand: 'from,to,actor',
    fields: 'id,created,note,expand.from.name,expand.to.name,expand.actor.name',
  });
}
