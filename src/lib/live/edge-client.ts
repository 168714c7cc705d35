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

/** Reconnect delays: full jitter over an exponential ceiling (1 s, 2 s … 30 s). */
const BASE_DELAY_MS = 1000;
const MAX_DELAY_MS = 30_000;

export class EdgeLive {
  private readonly topics = new Map<string, Set<Handler>>();
  private readonly wants = new Map<string, () => string[]>();
  private socket: WebSocket | null = null;
  private lastSeq = 0;
  private attempt = 0;
  private nextId = 1;
  private awaiting = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(
    private readonly url: string,
    private readonly callbacks: EdgeCallbacks,
  ) {}

  /** Follows `topic`; `want` names ideas whose latest state the page needs at once (for "ideas"). */
  subscribe(topic: string, handler: Handler, want?: () => string[]): () => void {
    const handlers = this.topics.get(topic) ?? new Set<Handler>();
    const fresh = handlers.size === 0;
    handlers.add(handler);
    this.topics.set(topic, handlers);
    if (want) this.wants.set(topic, want);
    if (fresh) this.send([topic], { since: 0 });
    return () => {
      handlers.delete(handler);
      if (handlers.size > 0 || this.topics.get(topic) !== handlers) return;
      this.topics.delete(topic);
      this.wants.delete(topic);
      this.write({ unsub: [topic] });
    };
  }

  private open(): void {
    if (this.socket || typeof WebSocket === 'undefined') return;
    const socket = new WebSocket(this.url);
    this.socket = socket;
    socket.onopen = () => {
      this.attempt = 0;
      // After a drop, ask for everything since the last seq seen; on the first open, for the current state.
      if (this.topics.size > 0) this.send([...this.topics.keys()], { since: this.lastSeq });
    };
    socket.onmessage = (event) => this.receive(String(event.data));
    socket.onclose = () => {
      if (this.socket !== socket) return;
      this.socket = null;
      this.awaiting = 0;
      this.callbacks.onReady(false);
      this.callbacks.onDrop();
      const ceiling = Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** this.attempt);
      this.attempt++;
      this.timer = setTimeout(() => {
        this.timer = null;
        this.open();
      }, Math.random() * ceiling);
    };
  }

  private send(topics: string[], { since }: { since: number }): void {
    if (!this.socket) {
      if (!this.timer) this.open();
      return;
    }
    if (this.socket.readyState !== WebSocket.OPEN) return;
    const want = topics.flatMap((topic) => this.wants.get(topic)?.() ?? []);
    this.awaiting++;
    this.callbacks.onReady(false);
    this.write({ sub: topics, id: this.nextId++, ...(since > 0 && { since }), ...(want.length > 0 && { want }) });
  }

  private write(message: ClientMessage): void {
    if (this.socket?.readyState === WebSocket.OPEN) this.socket.send(JSON.stringify(message));
  }

  private receive(data: string): void {
    let message: ServerMessage;
    try {
      message = JSON.parse(data) as ServerMessage;
    } catch {
      return;
    }
    if ('ack' in message) {
      if (typeof message.s === 'number') this.lastSeq = Math.max(this.lastSeq, message.s);
      this.awaiting = Math.max(0, this.awaiting - 1);
      if (this.awaiting === 0) this.callbacks.onReady(true);
      return;
    }
    if ('gap' in message) {
      this.callbacks.onGap();
      return;
    }
    this.lastSeq = Math.max(this.lastSeq, message.s);
    const event: EdgeEvent = { action: message.a, record: { ...message.r, collectionName: message.c } };
    for (const handler of this.topics.get(message.t) ?? []) handler(event);
  }
}
