// "What's new": the live count of releases this person has not seen, next to the changelog link.
// On a changelog page it marks every release seen instead.
import { useEffect } from 'react';
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
      <span aria-hidden="true">{unseen > 9 ? '9+' : unseen}</span>
      <span className="visually-hidden">, {unseen === 1 ? '1 new release' : `${unseen} new releases`}</span>
    </span>
  );
}
