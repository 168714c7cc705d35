// The signed-in member's notifications: a live unread count for the bell and the /notifications list,
// marked read optimistically (rolled back with a toast when the server refuses).

import { atom, onMount } from 'nanostores';
import type { NotificationRecord } from '../../lib/pb/staff-types';
import { act, attempt, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import { ownStateOf } from '../../stores/own-state';
import { listen, onReconnect } from '../../stores/realtime';
import { showToast } from '../../stores/toast';
import { countUnread, listNotifications, markAllRead, markRead } from './notifications-data';

export const $unreadCount = atom(0);
export const $notifications = atom<NotificationRecord[] | null>(null);

/** Counts the reads of the unread count asked for: an answer is shown only if none was asked for after it (two may
 * land out of order, and the older would put back a count from before the newer change). */
let reads = 0;
/** `first`: the page's first count, the one the session's refresh brought (stores/own-state.ts). */
function refresh(first = false): void {
  const pb = getClient();
  if (!pb.authStore.isValid) return;
  const read = ++reads;
  const own = first ? ownStateOf(pb.authStore.record?.id) : Promise.resolve(null);
  void own
    .then((state) => state?.unread ?? countUnread(pb))
    .then((n) => read === reads && $unreadCount.set(n))
    .catch(() => {});
  if ($notifications.get()) void loadNotifications();
}

/** Keeps the count (and the list, once loaded) live; returns a function to stop. */
export function followNotifications(): () => void {
  refresh(true);
  const stopLive = listen<NotificationRecord>('notifications', '*', () => refresh());
  const stopCatchUp = onReconnect(() => refresh());
  return () => {
    stopLive();
    stopCatchUp();
  };
}

// Live while any island shows the count: the list rule sends each member only their own.
// (Never on the server: islands also read stores while rendering there.)
onMount($unreadCount, () => (typeof document === 'undefined' ? undefined : followNotifications()));

export async function loadNotifications(): Promise<void> {
  const result = await attempt(() => listNotifications(getClient()));
  if (result.ok) $notifications.set(result.value.items);
  else showToast(result.error.message);
}

export function markNotificationRead(id: string): Promise<Result<unknown>> {
  const before = $notifications.get();
  const now = new Date().toISOString();
  return act({
    apply: () => {
      $notifications.set(before?.map((n) => (n.id === id ? { ...n, read_at: now } : n)) ?? null);
      $unreadCount.set(Math.max(0, $unreadCount.get() - 1));
      return () => {
        $notifications.set(before);
        refresh();
      };
    },
    send: () => markRead(getClient(), id),
    failure: '',
  });
}

export function markAllNotificationsRead(): Promise<Result<unknown>> {
  const before = $notifications.get();
  const unread = $unreadCount.get();
  const now = new Date().toISOString();
  return act({
    apply: () => {
      $notifications.set(before?.map((n) => (n.read_at ? n : { ...n, read_at: now })) ?? null);
      $unreadCount.set(0);
      return () => {
        $notifications.set(before);
        $unreadCount.set(unread);
      };
    },
    send: () => markAllRead(getClient()),
    failure: '',
  });
}
