// The header's bell: a link to /notifications with the member's live unread count.
import { currentLocale, translator } from '../../i18n/current';
import { formatNumber } from '../../i18n/format';
import type { SessionUser } from '../../lib/pb/types';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { useSession } from '../../ui/hooks/use-session';
import { $unreadCount } from './notifications';

function Count() {
  const unread = useClientStore($unreadCount, 0);
  const t = translator('notifications');
  const label = unread === 0 ? t('label') : t('unread', { count: unread });
  return (
    <a className="bell" href="/notifications" aria-label={label} data-testid="bell">
      <svg aria-hidden="true" viewBox="0 0 24 24" width="20" height="20">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3a1.5 1.5 0 0 0-3 0v1.16A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
        />
      </svg>
      {unread > 0 && (
        <span className="bell-count" data-testid="bell-count">
          {unread > 99 ? `${formatNumber(currentLocale(), 99)}+` : formatNumber(currentLocale(), unread)}
        </span>
      )}
    </a>
  );
}

export default function NotificationBell({ serverUser }: { serverUser: SessionUser | null }) {
  const user = useSession(serverUser);
  return user ? <Count /> : null;
}
