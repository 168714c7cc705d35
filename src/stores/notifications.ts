// The signed-in member's notifications: a live unread count for the bell and the /notifications list,
// marked read optimistically (rolled back with a toast when the server refuses).
import { atom, onMount } from 'nanostores';
import { getBrowserClient } from '../lib/pb/client';
import { toAppError } from '../lib/pb/errors';
import { countUnread, listNotifications, markAllRead, markRead } from '../lib/pb/notifications';
import type { NotificationRecord } from '../lib/pb/staff-types';
import { listen, onReconnect } from './realtime';
import { showToast } from './toast';

export const $unreadCount = atom(0);
export const $notifications = atom<NotificationRecord[] | null>(null);

function refresh(): void {
  const pb = getBrowserClient();
  if (!pb.authStore.isValid) return;
  void countUnread(pb)
    .then((n) => $unreadCount.set(n))
    .catch(() => {});
  if ($notifications.get() !== null) void loadNotifications();
}

// Live while any island shows the count: the list rule sends each member only their own.
// (Never on the server: islands also read stores while rendering there.)
onMount($unreadCount, () => {
  if (typeof document === 'undefined') return;
  refresh();
  const stopLive = listen<NotificationRecord>('notifications', '*', () => refresh());
  const stopCatchUp = onReconnect(refresh);
  return () => {
    stopLive();
    stopCatchUp();
  };
});

export async function loadNotifications(): Promise<void> {
  try {
    const list = await listNotifications(getBrowserClient());
    $notifications.set(list.items);
  } catch (error) {
    showToast(toAppError(error).message);
  }
}

export async function markNotificationRead(id: string): Promise<void> {
  const before = $notifications.get();
  const now = new Date().toISOString();
  $notifications.set(before?.map((n) => (n.id === id ? { ...n, read_at: now } : n)) ?? null);
  $unreadCount.set(Math.max(0, $unreadCount.get() - 1));
  try {
    await markRead(getBrowserClient(), id);
  } catch (error) {
    $notifications.set(before);
    refresh();
    showToast(toAppError(error).message);
  }
}

export async function markAllNotificationsRead(): Promise<void> {
  const before = $notifications.get();
  const unread = $unreadCount.get();
  const now = new Date().toISOString();
  $notifications.set(before?.map((n) => (n.read_at ? n : { ...n, read_at: now })) ?? null);
  $unreadCount.set(0);
  try {
    await markAllRead(getBrowserClient());
  } catch (error) {
    $notifications.set(before);
    $unreadCount.set(unread);
    showToast(toAppError(error).message);
  }
}
