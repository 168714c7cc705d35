// The tab's one WebSocket to the live edge (/live): public topics only. It resubscribes after a drop with the
// last seq it saw, so the shard replays what was missed (a deploy drops every socket: they come back spread
// over seconds, and are brought up to date by the edge, not by PocketBase); only a gap asks the page to refetch.
import type { Action, ClientMessage, EdgeCollection, ServerMessage } from './protocol';

export interface EdgeEvent {
  action: Action;
  record: { id: string; collectionName: EdgeCollection; [field: string]: unknown };
}
type Handler = (event: EdgeEvent) => void;

export interface EdgeCallbacks {
  /** The socket is open and every topic asked for so far is acknowledged (live events will arrive). */
  onReady(ready: boolean): void;
  /** The edge could not replay what a topic missed: the page must fetch it again. */
  onGap(): void;
  onDrop(): void;
}

export interface EdgeLive {
  /** Follows `topic`; `want` names ideas whose latest state the page needs at once (for "ideas"). */
  subscribe(topic: string, handler: Handler, want?: () => string[]): () => void;
}

/** Reconnect delays: full jitter under an exponential ceiling (1 s, 2 s … 30 s). */
const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

export function edgeLive(url: string, callbacks: EdgeCallbacks): EdgeLive {
  const topics = new Map<string, { handlers: Set<Handler>; want: (() => string[]) | undefined }>();
  let socket: WebSocket | null = null;
  let waiting = false;
  let lastSeq = 0;
  let attempt = 0;
  let nextId = 1;
  let awaiting = 0;

  const write = (message: ClientMessage) => {
    if (socket?.readyState === WebSocket.OPEN) socket.send(JSON.stringify(message));
  };

  // Not ready from the moment a topic is asked for until the edge acknowledges it, also while the socket opens
  // (its onopen asks again for every topic). Only a new topic asks: a second handler of a topic already
  // acknowledged changes nothing (it once left the page "waiting" for an ack that was never coming).
  const send = (names: string[], since: number) => {
    callbacks.onReady(false);
    if (!socket) return waiting || open();
    if (socket.readyState !== WebSocket.OPEN) return;
    const want = names.flatMap((name) => topics.get(name)?.want?.() ?? []);
    awaiting++;
    write({ sub: names, id: nextId++, ...(since > 0 && { since }), ...(want.length > 0 && { want }) });
  };

  const receive = (data: string) => {
    let message: ServerMessage;
    try {
      message = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
    if ('ack' in message) {
      lastSeq = Math.max(lastSeq, message.s ?? 0);
      awaiting = Math.max(0, awaiting - 1);
      if (awaiting === 0) callbacks.onReady(true);
    } else if ('gap' in message) {
      callbacks.onGap();
    } else {
      lastSeq = Math.max(lastSeq, message.s);
      const event: EdgeEvent = { action: message.a, record: { ...message.r, collectionName: message.c } };
      for (const handler of topics.get(message.t)?.handlers ?? []) handler(event);
    }
  };

  function open(): void {
    const current = new WebSocket(url);
    socket = current;
    // After a drop, ask for everything since the last seq seen; on the first open, for the current state.
    current.onopen = () => {
      attempt = 0;
      if (topics.size > 0) send([...topics.keys()], lastSeq);
    };
    current.onmessage = (event) => receive(String(event.data));
    current.onclose = () => {
      if (socket !== current) return;
      socket = null;
      awaiting = 0;
      waiting = true;
      callbacks.onReady(false);
      callbacks.onDrop();
      const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** attempt++);
      setTimeout(() => {
        waiting = false;
        open();
      }, Math.random() * ceiling);
    };
  }

  return {
    subscribe(topic, handler, want) {
      const entry = topics.get(topic) ?? { handlers: new Set<Handler>(), want };
      topics.set(topic, entry);
      entry.handlers.add(handler);
      if (entry.handlers.size === 1) send([topic], 0);
      return () => {
        entry.handlers.delete(handler);
        if (entry.handlers.size > 0 || topics.get(topic) !== entry) return;
        topics.delete(topic);
        write({ unsub: [topic] });
      };
    },
  };
}
