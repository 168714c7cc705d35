// The tab's live connections, shared by every store: public topics over one WebSocket to the edge
// (lib/live/edge-client.ts), private ones (a member's votes, notifications, staff data) over PocketBase's
// SSE, opened only when something private is listened to. Topics are reference-counted, and after a
// disconnect each listener is told to refetch what it may have missed (the edge replays instead, when it can).

import { atom } from 'nanostores';
import { edgeLive as connectEdge, type EdgeLive } from '../lib/live/edge-client';
import { pocketBaseSource } from '../lib/live/pocketbase-source';
import {
  onConnect,
  onDisconnect,
  type RealtimeEvent,
  reopenStream,
  subscribeTopic,
  type Unsubscribe,
} from '../lib/pb/realtime';
import { getClient } from './client';

export type ConnectionState = 'connecting' | 'online' | 'reconnecting';
export const $connection = atom<ConnectionState>('connecting');
/** True once every topic asked for so far is subscribed on the server (live events will arrive). */
export const $subscribed = atom(false);

type Handler = (event: RealtimeEvent<never>) => void;
interface Topic {
  handlers: Set<Handler>;
  stop: Promise<Unsubscribe | null>;
}
const topics = new Map<string, Topic>();
const catchUps = new Set<() => void>();
let started = false;
let dropped = false;
/** Whether the edge socket has every topic asked for acknowledged (true while it is not used). */
let edgeReady = true;
let pbReady = true;
let edge: EdgeLive | null = null;

function setSubscribed(): void {
  $subscribed.set(edgeReady && pbReady);
}

/** A few seconds' spread before refetching after a drop the edge could not replay: a crowd must not arrive at once. */
const CATCH_UP_SPREAD_MS = 3000;

function edgeLive(): EdgeLive {
  if (edge) return edge;
  const url = new URL('/live', location.href);
  url.protocol = location.protocol === 'https:' ? 'wss:' : 'ws:';
  edge = connectEdge(url.href, {
    onReady(ready) {
      edgeReady = ready;
      if (ready && !(started && dropped)) $connection.set('online');
      setSubscribed();
    },
    onGap() {
      setTimeout(() => {
        for (const catchUp of catchUps) catchUp();
      }, Math.random() * CATCH_UP_SPREAD_MS);
    },
    onDrop() {
      $connection.set('reconnecting');
    },
  });
  return edge;
}

/** Where the page was served from, the Worker's /live answers; elsewhere (stores run in Node) there is none. */
export const hasEdge = () =>
  typeof WebSocket !== 'undefined' && typeof location !== 'undefined' && /^https?:$/.test(location.protocol);

/**
 * Follows an edge topic (lib/live/protocol.ts) at the edge; `want`: ideas whose state is needed at once. With
 * `pocketBase` (the viewer sees more than the public: staff), or where no edge serves the page, the same
 * records come from PocketBase's stream, filtered by its rules (lib/live/pocketbase-source.ts).
 */
export function listenPublic<T>(
  topic: string,
  handler: (event: RealtimeEvent<T>) => void,
  options: { want?: () => string[]; pocketBase?: boolean } = {},
): () => void {
  if (options.pocketBase || !hasEdge()) {
    const { collection, topic: pbTopic, filter } = pocketBaseSource(topic);
    return listen<T>(collection, pbTopic, handler, filter ? { filter } : {});
  }
  // Readiness is the edge client's to say (onReady): it asks, and waits for an ack, only for a new topic.
  return edgeLive().subscribe(topic, handler as unknown as Parameters<EdgeLive['subscribe']>[1], options.want);
}

function start(): void {
  if (started) return;
  started = true;
  const pb = getClient();
  // The SDK also reports a "disconnect" before its very first connect: only a lost stream counts.
  onDisconnect(pb, () => {
    if ($connection.get() !== 'online') return;
    dropped = true;
    $connection.set('reconnecting');
  });
  void onConnect(pb, () => {
    $connection.set('online');
    if (!dropped) return;
    dropped = false;
    for (const catchUp of catchUps) catchUp();
  }).catch(() => $connection.set('reconnecting'));
  // PocketBase binds a stream to the sign-in it was opened with: it keeps sending that member's private records,
  // and refuses the stream's next subscription under another. A tab's sign-in changes in place when another tab
  // signs in or out (the client keeps it in localStorage), so the stream is opened again the way the SDK comes
  // back after a drop (lib/pb/realtime.ts): every topic subscribed anew as the new sign-in, and, the drop
  // reported, every store fetches again what it shows (tests/integration/stores/member-and-staff.test.ts).
  const who = () => pb.authStore.isValid && pb.authStore.record?.id;
  let openedAs = who();
  pb.authStore.onChange(() => {
    if (who() === openedAs) return;
    openedAs = who();
    reopenStream(pb);
  });
}

/** Listens to a collection topic ("*" or an id, optionally filtered); returns a function to stop. */
export function listen<T>(
  collection: string,
  topic: string,
  handler: (event: RealtimeEvent<T>) => void,
  options: { filter?: string; expand?: string } = {},
): () => void {
  start();
  const key = `${collection}/${topic}?${options.filter ?? ''}&${options.expand ?? ''}`;
  let entry = topics.get(key);
  if (!entry) {
    const handlers = new Set<Handler>();
    const dispatch = (event: RealtimeEvent<never>) => {
      for (const h of handlers) h(event);
    };
    const stop = subscribeTopic<never>(getClient(), collection, topic, dispatch, options).catch(() => null);
    entry = { handlers, stop };
    topics.set(key, entry);
    pbReady = false;
    setSubscribed();
    void Promise.all([...topics.values()].map((t) => t.stop)).then((all) => {
      if (!all.every(Boolean) || all.length !== topics.size) return;
      // A resolved subscription means the stream is up, even if PB_CONNECT came before we listened.
      $connection.set('online');
      pbReady = true;
      setSubscribed();
    });
  }
  const current = entry;
  current.handlers.add(handler as Handler);
  return () => {
    current.handlers.delete(handler as Handler);
    if (current.handlers.size === 0 && topics.get(key) === current) {
      topics.delete(key);
      void current.stop.then((stop) => stop?.());
    }
  };
}

/**
 * Runs `catchUp` once, when every topic asked for so far is live: what changed between the server's render
 * (perhaps an edge-cached copy, up to its max-age old) and the subscription is fetched once, so the page is
 * not wrong for longer than that round trip.
 */
export function onceSubscribed(catchUp: () => void): void {
  if ($subscribed.get()) {
    catchUp();
    return;
  }
  const unbind = $subscribed.listen((subscribed) => {
    if (!subscribed) return;
    unbind();
    catchUp();
  });
}

/** Runs after every reconnect (not the first connect): refetch what may have been missed. */
export function onReconnect(catchUp: () => void): () => void {
  catchUps.add(catchUp);
  return () => catchUps.delete(catchUp);
}
