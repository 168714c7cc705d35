// "What's new": the live count of releases this person has not seen, next to the changelog link.
// On a changelog page it marks every release seen instead.

import { useEffect } from 'react';
import { currentLocale, translator } from '../i18n/current';
import { formatNumber } from '../i18n/format';
import { $unseenReleases, markReleasesSeen } from '../stores/whats-new';
import { useClientStore } from './hooks/use-client-store';

export default function WhatsNewBadge({ markSeen = false }: { markSeen?: boolean }) {
  const unseen = useClientStore($unseenReleases, 0);
  useEffect(() => {
    if (markSeen) void markReleasesSeen();
  }, [markSeen]);
  if (unseen === 0 || markSeen) return null;
  return (
    <span className="whats-new-badge" data-testid="whats-new-badge">
      <span aria-hidden="true">
        {unseen > 9 ? `${formatNumber(currentLocale(), 9)}+` : formatNumber(currentLocale(), unseen)}
      </span>
      <span className="visually-hidden">, {translator('releases')('unseen', { count: unseen })}</span>
    </span>
  );
}
