// The tab's one SSE connection (the shared client's realtime service): topics and reconnects.
import type { PocketBase } from './client';

export interface RealtimeEvent<T> {
  action: 'create' | 'update' | 'delete';
  record: T;
}

export type Unsubscribe = () => Promise<void>;

/** Subscribes to a collection topic ("*" or a record id), optionally narrowed by a filter. */
export function subscribeTopic<T>(
  pb: PocketBase,
  collection: string,
  topic: string,
  onEvent: (event: RealtimeEvent<T>) => void,
  options: { filter?: string; expand?: string } = {},
): Promise<Unsubscribe> {
  return pb
    .collection(collection)
    .subscribe<T>(topic, (e) => onEvent({ action: e.action as RealtimeEvent<T>['action'], record: e.record }), options);
}

/** Calls back on every (re)connection of the SSE stream. */
export function onConnect(pb: PocketBase, callback: () => void): Promise<Unsubscribe> {
  return pb.realtime.subscribe('PB_CONNECT', callback);
}

/** Calls back when the stream drops (the SDK then retries by itself). */
export function onDisconnect(pb: PocketBase, callback: () => void): void {
  pb.realtime.onDisconnect = () => callback();
}

/** Opens the stream again, if it is open, the way the SDK comes back after a drop (its connect(), not in its types):
 * every topic subscribed anew under the client's current sign-in. A failed attempt is the SDK's to retry. An SDK
 * without connect() is said loudly: the stream then stays bound to the sign-in it was opened with. */
export function reopenStream(pb: PocketBase): void {
  const realtime = pb.realtime as unknown as { isConnected: boolean; connect?: () => Promise<void> };
  if (!realtime.isConnected) return;
  if (typeof realtime.connect === 'function') void realtime.connect().catch(Boolean);
  else console.error('PocketBase SDK: no realtime.connect()');
}
