// A member's own notifications (the API rules show nobody else's): lists, unread count, marking read.

import type { PocketBase } from '../../lib/pb/client';
import type { NotificationRecord } from '../../lib/pb/staff-types';

export function listNotifications(pb: PocketBase, page = 1, perPage = 30) {
  return pb.collection('notifications').getList<NotificationRecord>(page, perPage, {
    // A repeated change joins the unread notification about it, which then moves to the top.
    sort: '-updated',
    expand: 'post,post.status,entry,actor',
    fields: [
      'id,kind,post,entry,actor,read_at,created,updated',
      'expand.post.id,expand.post.title,expand.post.eta,expand.post.expand.status.name',
      'expand.entry.slug,expand.entry.title,expand.actor.name',
    ].join(','),
  });
}

export async function countUnread(pb: PocketBase): Promise<number> {
  const list = await pb.collection('notifications').getList(1, 1, { filter: 'read_at = ""', fields: 'id' });
  return list.totalItems;
}

export function markRead(pb: PocketBase, id: string): Promise<NotificationRecord> {
  return pb.collection('notifications').update<NotificationRecord>(id, { read_at: new Date().toISOString() });
}

export function markAllRead(pb: PocketBase): Promise<{ updated: number }> {
  return pb.send('/api/chorus/notifications/read-all', { method: 'POST' });
}
