// A Durable Object holding one shard of the site's live sockets (WebSocket Hibernation: an idle socket costs
// no running object). Every published change reaches every shard once; a shard sends it to its sockets that
// follow the change's topics, keeps each idea's latest state and a short log per topic, so a socket that
// (re)connects is brought up to date here, not by PocketBase.
import { DurableObject } from 'cloudflare:workers';
import { takeToken } from '../lib/edge-cache/token-bucket.mjs';
import {
  type Change,
  type ClientMessage,
  isRecordId,
  isStateTopic,
  isTopic,
  MAX_SOCKETS_PER_ADDRESS,
  MAX_TOPICS_PER_SOCKET,
  MAX_WANTED_IDEAS,
  type ServerMessage,
  topicsOf,
} from '../lib/live/protocol';
import { fetchPublicIdeas } from './public-ideas';

export interface LiveEnv {
  PB_URL?: string;
  LIVE_HUB: DurableObjectNamespace;
  LIVE_SHARDS?: string;
}

/** Per socket: at most this many messages per window, each at most MAX_MESSAGE_BYTES; else it is closed. */
const MAX_MESSAGES_PER_WINDOW = 30;
const WINDOW_MS = 10_000;
const MAX_MESSAGE_BYTES = 4096;
/** A topic's log keeps its last events for sockets that come back (a deploy, a train's tunnel). */
const LOG_LENGTH: Record<string, number> = { ideas: 500 };
const DEFAULT_LOG_LENGTH = 100;
/** Events older than this are dropped; a socket away longer is told to catch up by itself. */
const LOG_MAX_AGE_US = 3_600_000_000;

/**
 * Reads of ideas a shard has not heard of, per shard: 10 at once, then 2 a second. A socket may name up to 100
 * unknown ideas per message; without this, random ids would turn each message into a PocketBase read. Past it,
 * those ideas get no snapshot (the page keeps what the server rendered until their next change).
 */
const READ_BUDGET = { burst: 10, perMinute: 120 };

interface Attachment {
  address: string;
  topics: string[];
  window: number;
  count: number;
}

export class LiveHub extends DurableObject<LiveEnv> {
  /** topic → its sockets here; rebuilt from the sockets' attachments when the object wakes. */
  private readonly index = new Map<string, Set<WebSocket>>();
  private readonly byAddress = new Map<string, number>();
  /** Ideas asked for but unknown here, fetched once from PocketBase together. */
  private pendingIdeas: Promise<void> | null = null;
  private readonly missing = new Map<string, number>();
  private reads: { tokens: number; at: number } | null = null;

  constructor(ctx: DurableObjectState, env: LiveEnv) {
    super(ctx, env);
    const sql = ctx.storage.sql;
    sql.exec('CREATE TABLE IF NOT EXISTS state (topic TEXT PRIMARY KEY, seq INTEGER NOT NULL, message TEXT NOT NULL)');
    sql.exec('CREATE TABLE IF NOT EXISTS log (topic TEXT NOT NULL, seq INTEGER NOT NULL, message TEXT NOT NULL)');
    sql.exec('CREATE INDEX IF NOT EXISTS log_topic_seq ON log (topic, seq)');
    sql.exec('CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, seq INTEGER NOT NULL)');
    for (const socket of ctx.getWebSockets()) {
      const attachment = socket.deserializeAttachment() as Attachment | null;
      if (!attachment) continue;
      this.countAddress(attachment.address, 1);
      for (const topic of attachment.topics) this.join(topic, socket);
    }
  }

  /** A browser's socket (the Worker checked the upgrade and named the address in `x-chorus-address`). */
  async fetch(request: Request): Promise<Response> {
    const address = request.headers.get('x-chorus-address') ?? 'unknown';
    if ((this.byAddress.get(address) ?? 0) >= MAX_SOCKETS_PER_ADDRESS) {
      return new Response('Too many live connections from this address.', { status: 429 });
    }
    const pair = new WebSocketPair();
    const attachment: Attachment = { address, topics: [], window: Date.now(), count: 0 };
    this.ctx.acceptWebSocket(pair[1]);
    pair[1].serializeAttachment(attachment);
    this.countAddress(address, 1);
    return new Response(null, { status: 101, webSocket: pair[0] });
  }

  /** PocketBase's committed changes (through the Worker's publish route): keep, then send to followers. */
  publish(changes: Change[]): number {
    const sql = this.ctx.storage.sql;
    if (changes.length === 0) return 0;
    if (!this.metaSeq('born')) this.setMeta('born', Math.min(...changes.map((c) => c.seq)));
    this.setMeta('last', Math.max(this.metaSeq('last'), ...changes.map((c) => c.seq)));
    let sent = 0;
    for (const change of changes) {
      for (const topic of topicsOf(change)) {
        const message = JSON.stringify({
          t: topic,
          s: change.seq,
          c: change.collection,
          a: change.action,
          r: change.record,
        } satisfies ServerMessage);
        if (isStateTopic(topic)) {
          const known = sql.exec<{ seq: number }>('SELECT seq FROM state WHERE topic = ?', topic).toArray()[0];
          if (known && known.seq >= change.seq) continue;
          sql.exec('INSERT OR REPLACE INTO state (topic, seq, message) VALUES (?, ?, ?)', topic, change.seq, message);
          this.missing.delete(topic.slice('idea:'.length));
        }
        this.append(topic, change.seq, message);
        for (const socket of this.index.get(topic) ?? []) {
          if (this.trySend(socket, message)) sent++;
        }
      }
    }
    return sent;
  }

  async webSocketMessage(socket: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const attachment = socket.deserializeAttachment() as Attachment;
    const now = Date.now();
    if (now - attachment.window > WINDOW_MS) Object.assign(attachment, { window: now, count: 0 });
    attachment.count++;
    const size = typeof data === 'string' ? data.length : data.byteLength;
    if (attachment.count > MAX_MESSAGES_PER_WINDOW || size > MAX_MESSAGE_BYTES || typeof data !== 'string') {
      socket.close(1008, 'Too many or too large messages.');
      return;
    }
    let message: ClientMessage;
    try {
      message = JSON.parse(data) as ClientMessage;
    } catch {
      socket.close(1008, 'Not JSON.');
      return;
    }
    if ('unsub' in message && Array.isArray(message.unsub)) {
      for (const topic of message.unsub) this.leave(topic, socket);
      attachment.topics = attachment.topics.filter((t) => !message.unsub.includes(t));
      socket.serializeAttachment(attachment);
      return;
    }
    if (!('sub' in message) || !Array.isArray(message.sub) || !message.sub.every(isTopic)) {
      socket.close(1008, 'Unknown message or topic.');
      return;
    }
    const topics = [...new Set([...attachment.topics, ...message.sub])];
    if (topics.length > MAX_TOPICS_PER_SOCKET) {
      socket.close(1008, `At most ${MAX_TOPICS_PER_SOCKET} topics.`);
      return;
    }
    attachment.topics = topics;
    socket.serializeAttachment(attachment);
    for (const topic of message.sub) this.join(topic, socket);
    const since = typeof message.since === 'number' && message.since > 0 ? message.since : 0;
    for (const topic of message.sub) this.bringUpToDate(socket, topic, since);
    const want = Array.isArray(message.want) ? message.want.filter(isRecordId).slice(0, MAX_WANTED_IDEAS) : [];
    const ideaTopics = message.sub.filter(isStateTopic).map((t) => t.slice('idea:'.length));
    await this.sendIdeas(socket, message.sub.includes('ideas') ? [...new Set([...want, ...ideaTopics])] : ideaTopics);
    // The newest seq this shard has seen: the browser's "since" after a drop, even if its topics were quiet.
    const ack: ServerMessage = { ack: Number(message.id) || 0, s: this.metaSeq('last') };
    this.trySend(socket, JSON.stringify(ack));
  }

  webSocketClose(socket: WebSocket): void {
    this.forget(socket);
  }

  webSocketError(socket: WebSocket): void {
    this.forget(socket);
  }

  /** After `since` (a reconnect): the topic's logged events since then, or a gap when the log cannot tell. */
  private bringUpToDate(socket: WebSocket, topic: string, since: number): void {
    if (!since || isStateTopic(topic)) return;
    const truncated = Math.max(this.metaSeq(`truncated:${topic}`), this.metaSeq('pruned'));
    const born = this.metaSeq('born');
    if (since < truncated || !born || since < born) {
      this.trySend(socket, JSON.stringify({ t: topic, gap: true } satisfies ServerMessage));
      return;
    }
    const rows = this.ctx.storage.sql
      .exec<{ message: string }>('SELECT message FROM log WHERE topic = ? AND seq > ? ORDER BY seq', topic, since)
      .toArray();
    for (const row of rows) this.trySend(socket, row.message);
  }

  /** Each idea's latest state (fetched from PocketBase once when this shard has never heard of it). */
  private async sendIdeas(socket: WebSocket, ids: string[]): Promise<void> {
    if (ids.length === 0) return;
    const unknown = ids.filter((id) => !this.stateOf(id) && !this.recentlyMissing(id));
    if (unknown.length > 0) await this.fetchIdeas(unknown);
    for (const id of ids) {
      const state = this.stateOf(id);
      if (state) this.trySend(socket, state);
      else if (this.recentlyMissing(id)) {
        const gone: ServerMessage = { t: `idea:${id}`, s: 0, c: 'post_live', a: 'delete', r: { id } };
        this.trySend(socket, JSON.stringify(gone));
      }
    }
  }

  private async fetchIdeas(ids: string[]): Promise<void> {
    // One read at a time per shard: a crowd reconnecting at once waits for it instead of repeating it.
    while (this.pendingIdeas) await this.pendingIdeas;
    const still = ids.filter((id) => !this.stateOf(id) && !this.recentlyMissing(id));
    if (still.length === 0 || !this.env.PB_URL) return;
    const read = takeToken(this.reads, READ_BUDGET, Date.now());
    if (!read.taken) return;
    this.reads = read.state;
    this.pendingIdeas = (async () => {
      const found = await fetchPublicIdeas(this.env.PB_URL ?? '', still);
      if (!found) return;
      const sql = this.ctx.storage.sql;
      for (const id of still) {
        const record = found.get(id);
        if (!record) {
          this.missing.set(id, Date.now());
          continue;
        }
        const topic = `idea:${id}`;
        const message: ServerMessage = { t: topic, s: 0, c: 'post_live', a: 'update', r: record };
        // A publish that arrived meanwhile is newer than this read.
        sql.exec('INSERT OR IGNORE INTO state (topic, seq, message) VALUES (?, 0, ?)', topic, JSON.stringify(message));
      }
      if (this.missing.size > 5000) this.missing.clear();
    })().finally(() => {
      this.pendingIdeas = null;
    });
    await this.pendingIdeas;
  }

  private stateOf(id: string): string | undefined {
    return this.ctx.storage.sql
      .exec<{ message: string }>('SELECT message FROM state WHERE topic = ?', `idea:${id}`)
      .toArray()[0]?.message;
  }

  private recentlyMissing(id: string): boolean {
    const at = this.missing.get(id);
    return at !== undefined && Date.now() - at < 60_000;
  }

  private append(topic: string, seq: number, message: string): void {
    const sql = this.ctx.storage.sql;
    sql.exec('INSERT INTO log (topic, seq, message) VALUES (?, ?, ?)', topic, seq, message);
    const keep = LOG_LENGTH[topic] ?? DEFAULT_LOG_LENGTH;
    const edge = sql
      .exec<{ seq: number }>('SELECT seq FROM log WHERE topic = ? ORDER BY seq DESC LIMIT 1 OFFSET ?', topic, keep)
      .toArray()[0];
    if (edge) {
      sql.exec('DELETE FROM log WHERE topic = ? AND seq <= ?', topic, edge.seq);
      this.setMeta(`truncated:${topic}`, edge.seq);
    }
    const cutoff = seq - LOG_MAX_AGE_US;
    if (cutoff > this.metaSeq('pruned') + 60_000_000) {
      sql.exec('DELETE FROM log WHERE seq < ?', cutoff);
      this.setMeta('pruned', cutoff);
    }
  }

  private metaSeq(key: string): number {
    return this.ctx.storage.sql.exec<{ seq: number }>('SELECT seq FROM meta WHERE key = ?', key).toArray()[0]?.seq ?? 0;
  }

  private setMeta(key: string, seq: number): void {
    this.ctx.storage.sql.exec('INSERT OR REPLACE INTO meta (key, seq) VALUES (?, ?)', key, seq);
  }

  private join(topic: string, socket: WebSocket): void {
    const sockets = this.index.get(topic) ?? new Set<WebSocket>();
    this.index.set(topic, sockets);
    sockets.add(socket);
  }

  private leave(topic: string, socket: WebSocket): void {
    const sockets = this.index.get(topic);
    if (!sockets) return;
    sockets.delete(socket);
    if (sockets.size === 0) this.index.delete(topic);
  }

  private forget(socket: WebSocket): void {
    const attachment = socket.deserializeAttachment() as Attachment | null;
    if (!attachment) return;
    for (const topic of attachment.topics) this.leave(topic, socket);
    this.countAddress(attachment.address, -1);
    socket.serializeAttachment(null);
  }

  private countAddress(address: string, delta: number): void {
    const count = (this.byAddress.get(address) ?? 0) + delta;
    if (count > 0) this.byAddress.set(address, count);
    else this.byAddress.delete(address);
  }

  private trySend(socket: WebSocket, message: string): boolean {
    try {
      socket.send(message);
      return true;
    } catch {
      this.forget(socket);
      return false;
    }
  }
}
