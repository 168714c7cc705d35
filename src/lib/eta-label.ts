// An idea's ETA in words: "March 2027" (Intl, the page's language) or "Q2 2027", and an ETA notification's
// text. Its own chunk (astro.config.mjs): the roadmap, the notifications page and staff tools load it, the idea
// page's shared chunk does not.
import { currentLocale, translate, translator } from '../i18n/current';
import type { NotificationRecord } from './pb/staff-types';

const ETA = /^(\d{4})-(?:(0[1-9]|1[0-2])|Q([1-4]))$/;

/** "March 2027" or "Q2 2027" in the page's language; '' for no ETA. */
export function formatEta(eta: string | undefined | null): string {
  const match = ETA.exec(eta ?? '');
  if (!match) return '';
  const [, year = '', month = '', quarter = ''] = match;
  if (quarter) return translator('eta')('quarter', { quarter, year });
  return new Intl.DateTimeFormat(currentLocale(), { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(year), Number(month) - 1, 15)),
  );
}

/** An ETA notification in words, with the idea's public ETA now ('' once cleared or no longer public). */
export function describeEtaNotification(n: NotificationRecord): { text: string; href: string } {
  const idea = n.expand?.post?.title ?? translate('notificationList', 'anIdea');
  const when = formatEta(n.expand?.post?.eta);
  return {
    text: when
      ? translate('eta', 'notificationSet', { idea, when })
      : translate('eta', 'notificationCleared', { idea }),
    href: `/p/${n.post}`,
  };
}
