// The few Workers runtime APIs the edge code uses (Durable Objects, WebSocket Hibernation), typed by hand:
// the project does not ship @cloudflare/workers-types, whose globals clash with the DOM's.
declare module 'cloudflare:workers' {
  export const cache: unknown;
  /** The Worker's bindings, for code outside a handler (e.g. a page reading a Durable Object's status). */
  export const env: unknown;
  export abstract class DurableObject<Env = unknown> {
    protected ctx: DurableObjectState;
    protected env: Env;
    constructor(ctx: DurableObjectState, env: Env);
  }
  /** A named entrypoint: `ctx.props` is what its caller passed (part of Workers Cache's key). */
  export abstract class WorkerEntrypoint<Env = unknown> {
    protected ctx: { props?: unknown; exports?: unknown; waitUntil(promise: Promise<unknown>): void };
    protected env: Env;
    constructor(ctx: unknown, env: Env);
    fetch?(request: Request): Promise<Response>;
  }
}

interface SqlCursor<T> extends Iterable<T> {
  toArray(): T[];
  one(): T;
}

interface DurableObjectState {
  /** The Worker's own entrypoints (loopback), where the runtime provides them. */
  exports?: unknown;
  acceptWebSocket(socket: WebSocket, tags?: string[]): void;
  getWebSockets(tag?: string): WebSocket[];
  blockConcurrencyWhile<T>(callback: () => Promise<T>): Promise<T>;
  storage: {
    sql: { exec<T = Record<string, string | number | null>>(query: string, ...bindings: unknown[]): SqlCursor<T> };
    setAlarm(time: number): Promise<void>;
    getAlarm(): Promise<number | null>;
  };
}

interface WebSocket {
  serializeAttachment(value: unknown): void;
  deserializeAttachment(): unknown;
}

interface DurableObjectStub {
  fetch(request: Request): Promise<Response>;
  [method: string]: unknown;
}

interface DurableObjectNamespace {
  idFromName(name: string): unknown;
  get(id: unknown): DurableObjectStub;
}

declare const WebSocketPair: { new (): { 0: WebSocket; 1: WebSocket } };

interface ResponseInit {
  webSocket?: WebSocket;
}
