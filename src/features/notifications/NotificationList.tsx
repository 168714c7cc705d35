// The member's notifications, newest first, live; each can be marked read, or all at once.

import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { currentLocale, translator } from '../../i18n/current';
import { describeEtaNotification } from '../../lib/eta-label';
import type { NotificationRecord } from '../../lib/pb/staff-types';
import Toaster from '../../ui/Toaster';
import { describeNotification } from './notification-text';
import { $notifications, $unreadCount, markAllNotificationsRead, markNotificationRead } from './notifications';

export default function NotificationList({ initial }: { initial: NotificationRecord[] }) {
  const items = useStore($notifications) ?? initial;
  const unread = useStore($unreadCount);
  const t = translator('notificationList');
  useEffect(() => {
    if ($notifications.get() === null) $notifications.set(initial);
  }, [initial]);
  const anyUnread = unread > 0 || items.some((n) => !n.read_at);
  return (
    <div className="notifications">
      <div className="notifications-actions">
        <button type="button" className="button" onClick={markAllNotificationsRead} disabled={!anyUnread}>
          {t('markAllRead')}
        </button>
      </div>
      {items.length === 0 ? (
        <p className="muted">{t('empty')}</p>
      ) : (
        <ul className="notification-list">
          {items.map((n) => {
            const { text, href } = n.kind === 'eta' ? describeEtaNotification(n) : describeNotification(n);
            return (
              <li key={n.id} className={n.read_at ? 'read' : 'unread'} data-testid="notification">
                <a href={href} onClick={() => !n.read_at && void markNotificationRead(n.id)}>
                  {!n.read_at && <span className="visually-hidden">{t('unreadPrefix')} </span>}
                  {text}
                </a>
                <time dateTime={(n.updated || n.created).replace(' ', 'T')}>
                  {new Date((n.updated || n.created).replace(' ', 'T')).toLocaleString(currentLocale(), {
                    dateStyle: 'medium',
                    timeStyle: 'short',
                  })}
                </time>
                {!n.read_at && (
                  <button type="button" className="button link" onClick={() => markNotificationRead(n.id)}>
                    {t('markRead')}
                  </button>
                )}
              </li>
            );
          })}
        </ul>
      )}
      <Toaster />
    </div>
  );
}
