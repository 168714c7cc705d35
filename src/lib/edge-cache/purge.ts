// The purge route's logic: PocketBase (after a write commits) names tags, the Worker checks the shared
// secret and hands them to its purge queue (src/edge/purge-queue.ts), which purges Workers Cache within
// Cloudflare's budget. Locally, where workerd has no Workers Cache, the purge goes to the local edge
// emulator `npm start` runs in front of the Worker.
import * as workers from 'cloudflare:workers';
import { readTextWithin } from '../request-body';
import { isCacheTag } from './tags';

const MAX_TAGS = 100;
/** 100 tags of up to ~100 characters each, as JSON. */
const MAX_BODY_BYTES = 16 * 1024;

export interface PurgeResult {
  success: boolean;
  errors?: { code?: number; message: string }[];
}

interface WorkersCache {
  purge(options: { tags: string[] }): Promise<PurgeResult>;
}

export interface PurgeConfig {
  /** EDGE_PURGE_SECRET: unset disables the route. */
  secret: string | undefined;
  /** EDGE_PURGE_SECRET_PREVIOUS: also accepted while set, during a rotation (`npm run deploy -- --rotate-secrets`). */
  previous?: string | undefined;
  /** Queues the tags for the purge queue's next call (it answers once they are stored, not purged). */
  enqueue: (tags: string[]) => Promise<PurgeResult>;
  /** The queue's state, for `GET` with the secret (operators, tests). */
  status: () => Promise<unknown>;
}

export const json = (status: number, body: unknown) =>
  new Response(JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'cache-control': 'private, no-store' },
  });

export async function handlePurgeRequest(request: Request, config: PurgeConfig): Promise<Response> {
  const read = await readSecretBody(request, config.secret, MAX_BODY_BYTES, config.previous);
  if ('refusal' in read) return read.refusal;
  const body = read.body;
  if (request.method === 'GET') return json(200, await config.status());
  if (request.method !== 'POST') return json(405, { error: 'GET or POST only.' });
  let tags: unknown;
  try {
    tags = (JSON.parse(body) as { tags?: unknown }).tags;
  } catch {
    return json(400, { error: 'Expected a JSON body {"tags": [...]}.' });
  }
  if (!Array.isArray(tags) || tags.length === 0 || tags.length > MAX_TAGS || !tags.every(isCacheTag)) {
    return json(400, { error: `Expected 1 to ${MAX_TAGS} tags like "post:<id>".` });
  }
  const result = await config.enqueue(tags);
  if (!result.success) console.error('Edge cache purge could not be queued', tags, result.errors);
  return json(result.success ? 200 : 502, { queued: result.success ? tags : [], errors: result.errors ?? [] });
}

export async function purgeTags(tags: string[], localEdgeUrl: string | undefined): Promise<PurgeResult> {
  const workersCache = (workers as { cache?: WorkersCache }).cache;
  try {
    if (typeof workersCache?.purge === 'function') return await workersCache.purge({ tags });
    if (localEdgeUrl) {
      const response = await fetch(localEdgeUrl, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ tags }),
      });
      return response.ok
        ? { success: true }
        : { success: false, errors: [{ message: `local edge ${response.status}` }] };
    }
    return { success: false, errors: [{ message: 'This runtime has no Workers Cache and no local edge.' }] };
  } catch (error) {
    return { success: false, errors: [{ message: String(error) }] };
  }
}

/**
 * The body of one of PocketBase's calls to the Worker (purges, publishes), or the refusal to answer: 404 when
 * the secret is not configured, 413 over `limit` bytes, 401 without the secret. The body is read before any
 * answer: a proxy in front of the Worker may fail a request whose body the Worker answered without reading
 * (seen locally: a 500 instead of a 401; src/lib/request-body.ts). While a rotation runs, `previous`
 * (EDGE_PURGE_SECRET_PREVIOUS) is accepted too, so PocketBase may still sign with it until it restarts; it never
 * stands in for an unset secret.
 */
export async function readSecretBody(
  request: Request,
  secret: string | undefined,
  limit: number,
  previous?: string | undefined,
): Promise<{ body: string } | { refusal: Response }> {
  if (!secret) return { refusal: json(404, { error: 'Not configured here (EDGE_PURGE_SECRET).' }) };
  const body = await readTextWithin(request, limit);
  if (body === null) return { refusal: json(413, { error: `The body is over ${limit} bytes.` }) };
  const presented = /^Bearer (.+)$/.exec(request.headers.get('authorization') ?? '')?.[1] ?? '';
  const [current, earlier] = await Promise.all([
    sameSecret(presented, secret),
    previous ? sameSecret(presented, previous) : false,
  ]);
  if (!current && !earlier) return { refusal: json(401, { error: 'Wrong or missing secret.' }) };
  return { body };
}

/** Compares digests, so the time taken does not reveal how much of the secret matched. */
async function sameSecret(presented: string, expected: string): Promise<boolean> {
  const digest = async (value: string) =>
    new Uint8Array(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(value)));
  const [a, b] = await Promise.all([digest(presented), digest(expected)]);
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= (a[i] ?? 0) ^ (b[i] ?? 0);
  return difference === 0 && presented.length > 0;
}
