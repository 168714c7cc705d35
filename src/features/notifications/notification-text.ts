// A notification in words, for the notifications page (its own chunk: the bell only counts, so no other
// page downloads these words' switch; see astro.config.mjs SHARED_MODULES).
import { translate } from '../../i18n/current';
import type { NotificationRecord } from '../../lib/pb/staff-types';

/** What happened, in words. */
export function describeNotification(n: NotificationRecord): { text: string; href: string } {
  const actor = n.expand?.actor?.name || translate('notificationList', 'theTeam');
  const title = n.expand?.post?.title ?? translate('notificationList', 'anIdea');
  const href = n.kind === 'release' && n.expand?.entry ? `/changelog/${n.expand.entry.slug}` : `/p/${n.post}`;
  switch (n.kind) {
    case 'comment':
      return { text: translate('notificationList', 'commented', { actor, title }), href };
    case 'status': {
      const status = n.expand?.post?.expand?.status?.name;
      return {
        text: status
          ? translate('notificationList', 'movedTo', { actor, title, status })
          : translate('notificationList', 'statusChanged', { actor, title }),
        href,
      };
    }
    case 'response':
      return { text: translate('notificationList', 'responded', { actor, title }), href };
    case 'release': {
      const release = n.expand?.entry?.title ?? translate('notificationList', 'aNewRelease');
      return { text: translate('notificationList', 'shipped', { title, release }), href };
    }
    case 'merge':
      return { text: translate('notificationList', 'merged', { title }), href };
    case 'question':
      return { text: translate('notificationList', 'asked', { actor, title }), href: `${href}#ask` };
    case 'mention':
      return { text: translate('mentions', 'notification', { actor, title }), href };
    default:
      return { text: translate('notificationList', 'other'), href };
  }
}
