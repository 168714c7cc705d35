// A Durable Object that takes purges off the write path: the Worker's purge routes hand it tags and answer at
// once; it keeps them in its SQLite (duplicates coalesce), and its alarm sends them within Cloudflare's purge
// budget (a token bucket), collapsing them to `site` when more wait than the budget can carry. A refused or
// failed call keeps its tags for the next token: nothing is dropped.
import { DurableObject } from 'cloudflare:workers';
import { type PurgeResult, purgeTags } from '../lib/edge-cache/purge';
import { isCacheTag } from '../lib/edge-cache/tags';
import { purgeBudget, refill, takeToken } from '../lib/edge-cache/token-bucket.mjs';
import { nextPurgeCall } from './purge-plan';

export interface PurgeQueueEnv {
  PURGE_QUEUE?: DurableObjectNamespace;
  LOCAL_EDGE_CACHE_URL?: string;
  /** The purge budget: calls at once (default 25) and a minute (default 5), Cloudflare's Free plan limits. */
  EDGE_PURGE_BURST?: string;
  EDGE_PURGE_PER_MINUTE?: string;
}

/** Tags that arrive within this window go out in one call (a write's hooks often send several). */
const COALESCE_MS = 200;
/** A queue larger than this is a `site` purge anyway: further tags need no row. */
const MAX_PENDING = 10_000;

export interface PurgeQueueStatus {
  pending: number;
  tokens: number;
  nextSendAt: number | null;
  refused: number;
  lastRefusalAt: number | null;
  lastRefusal: string | null;
}

interface Bucket {
  tokens: number;
  at: number;
}

/** The cached pages' entrypoint (src/worker.ts): purges must come from it, the entrypoint whose cache it is. */
interface PagePurger {
  purgeTags(tags: string[]): Promise<PurgeResult>;
}

export class PurgeQueue extends DurableObject<PurgeQueueEnv> {
  private readonly budget;

  constructor(ctx: DurableObjectState, env: PurgeQueueEnv) {
    super(ctx, env);
    this.budget = purgeBudget(env.EDGE_PURGE_BURST, env.EDGE_PURGE_PER_MINUTE);
    const sql = ctx.storage.sql;
    // `first`: when the tag began waiting (oldest go first); `last`: its latest request, so a purge that began
    // before it does not clear it.
    sql.exec(
      'CREATE TABLE IF NOT EXISTS pending (tag TEXT PRIMARY KEY, first INTEGER NOT NULL, last INTEGER NOT NULL)',
    );
    sql.exec('CREATE TABLE IF NOT EXISTS bucket (id INTEGER PRIMARY KEY, tokens REAL NOT NULL, at INTEGER NOT NULL)');
    // Purge calls refused or failed, for the health page: how many, and the last one.
    sql.exec('CREATE TABLE IF NOT EXISTS refused (id INTEGER PRIMARY KEY, n INTEGER NOT NULL, at INTEGER, error TEXT)');
  }

  /** Queues tags (RPC from the Worker's purge routes); returns how many tags are waiting. */
  async enqueue(tags: string[]): Promise<number> {
    const now = Date.now();
    const sql = this.ctx.storage.sql;
    const waiting = this.pendingCount();
    for (const tag of tags.filter(isCacheTag)) {
      if (waiting >= MAX_PENDING && tag !== 'site') continue;
      sql.exec(
        'INSERT INTO pending (tag, first, last) VALUES (?, ?, ?) ON CONFLICT(tag) DO UPDATE SET last = excluded.last',
        tag.toLowerCase(),
        now,
        now,
      );
    }
    if (waiting >= MAX_PENDING) {
      sql.exec('INSERT OR IGNORE INTO pending (tag, first, last) VALUES (?, ?, ?)', 'site', now, now);
    }
    if ((await this.ctx.storage.getAlarm()) === null) await this.ctx.storage.setAlarm(now + COALESCE_MS);
    return this.pendingCount();
  }

  /** What waits (RPC for the purge route's GET): tags pending, whole tokens now, the next send (ms epoch), and
   * the calls refused or failed so far (the last one's time and error). */
  async status(): Promise<PurgeQueueStatus> {
    const tokens = Math.floor(refill(this.bucket(), this.budget, Date.now()).tokens);
    const refused = this.ctx.storage.sql
      .exec<{ n: number; at: number | null; error: string | null }>('SELECT n, at, error FROM refused WHERE id = 1')
      .toArray()[0];
    return {
      pending: this.pendingCount(),
      tokens,
      nextSendAt: await this.ctx.storage.getAlarm(),
      refused: refused?.n ?? 0,
      lastRefusalAt: refused?.at ?? null,
      lastRefusal: refused?.error ?? null,
    };
  }

  /** Sends one purge call if the budget has a token, then schedules the next one while tags wait. */
  async alarm(): Promise<void> {
    const pending = this.ctx.storage.sql
      .exec<{ tag: string }>('SELECT tag FROM pending ORDER BY first, tag')
      .toArray()
      .map((row) => row.tag);
    if (pending.length === 0) return;
    const now = Date.now();
    const available = refill(this.bucket(), this.budget, now);
    const call = nextPurgeCall(pending, available.tokens);
    const taken = takeToken(this.bucket(), this.budget, now);
    if (!call || !taken.taken) {
      await this.ctx.storage.setAlarm(now + taken.waitMs);
      return;
    }
    this.saveBucket(taken.state);
    const result = await this.send(call.tags);
    if (result.success) {
      const sql = this.ctx.storage.sql;
      if (call.collapsed) sql.exec('DELETE FROM pending WHERE last <= ?', now);
      else for (const tag of call.tags) sql.exec('DELETE FROM pending WHERE tag = ? AND last <= ?', tag, now);
    } else {
      // Refused (429) or failed: Cloudflare may have counted it, so wait for a whole new token.
      console.error('Edge cache purge refused or failed; retrying', call.tags.length, result.errors);
      this.ctx.storage.sql.exec(
        'INSERT INTO refused (id, n, at, error) VALUES (1, 1, ?, ?) ON CONFLICT(id) DO UPDATE SET n = n + 1, at = excluded.at, error = excluded.error',
        Date.now(),
        String(result.errors?.[0]?.message ?? 'refused').slice(0, 300),
      );
      this.saveBucket({ tokens: Math.min(0, taken.state.tokens), at: Date.now() });
    }
    if (this.pendingCount() > 0) {
      const next = takeToken(this.bucket(), this.budget, Date.now());
      await this.ctx.storage.setAlarm(Date.now() + Math.max(next.waitMs, result.success ? 0 : 1000));
    }
  }

  private async send(tags: string[]): Promise<PurgeResult> {
    const pages = (this.ctx.exports as { CachedPages?: PagePurger } | undefined)?.CachedPages;
    try {
      if (pages && typeof pages.purgeTags === 'function') return await pages.purgeTags(tags);
    } catch (error) {
      return { success: false, errors: [{ message: String(error) }] };
    }
    return purgeTags(tags, this.env.LOCAL_EDGE_CACHE_URL);
  }

  private bucket(): Bucket | null {
    return this.ctx.storage.sql.exec<Bucket>('SELECT tokens, at FROM bucket WHERE id = 1').toArray()[0] ?? null;
  }

  private saveBucket(state: Bucket): void {
    this.ctx.storage.sql.exec(
      'INSERT OR REPLACE INTO bucket (id, tokens, at) VALUES (1, ?, ?)',
      state.tokens,
      state.at,
    );
  }

  private pendingCount(): number {
    return this.ctx.storage.sql.exec<{ n: number }>('SELECT count(*) AS n FROM pending').one().n;
  }
}

/**
 * Hands tags to the purge queue: one object for the Worker (the budget is per account); locally one per local
 * edge, since stacks started side by side (tests) share workerd's on-disk Durable Object storage.
 */
export async function enqueuePurge(env: PurgeQueueEnv, tags: string[]): Promise<PurgeResult> {
  if (!env.PURGE_QUEUE) return { success: false, errors: [{ message: 'No PURGE_QUEUE binding.' }] };
  const queue = queueStub(env, env.PURGE_QUEUE);
  try {
    await (queue.enqueue as (tags: string[]) => Promise<number>)(tags);
    return { success: true };
  } catch (error) {
    return { success: false, errors: [{ message: String(error) }] };
  }
}

/** The queue's state, or null without the binding. */
export async function purgeQueueStatus(env: PurgeQueueEnv): Promise<PurgeQueueStatus | null> {
  if (!env.PURGE_QUEUE) return null;
  return (queueStub(env, env.PURGE_QUEUE).status as () => Promise<PurgeQueueStatus>)();
}

function queueStub(env: PurgeQueueEnv, namespace: DurableObjectNamespace): DurableObjectStub {
  const name = env.LOCAL_EDGE_CACHE_URL ? `purge-queue:${env.LOCAL_EDGE_CACHE_URL}` : 'purge-queue';
  return namespace.get(namespace.idFromName(name));
}
