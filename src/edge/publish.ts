// POST /edge/publish {changes, tags}: PocketBase's one call after writes commit (the purge route's secret).
// Each change is checked to be public (lib/live/public-change.ts), then sent to every live shard; the tags
// go to the purge queue.
import { json, type PurgeResult, readSecretBody } from '../lib/edge-cache/purge';
import { isCacheTag } from '../lib/edge-cache/tags';
import type { Change, PublishBody } from '../lib/live/protocol';
import { isPublicChange } from '../lib/live/public-change';
import type { LiveEnv } from './live-hub';
import { hubStub, shardCount } from './live-route';
import { enqueuePurge, type PurgeQueueEnv } from './purge-queue';

export interface PublishEnv extends LiveEnv, PurgeQueueEnv {
  EDGE_PURGE_SECRET?: string;
  /** The secret before a rotation, accepted until `npm run deploy` finishes it (src/lib/edge-cache/purge.ts). */
  EDGE_PURGE_SECRET_PREVIOUS?: string;
}

/** A batch of changes with comment bodies (each at most 10,000 characters) fits; more is refused unread. */
const MAX_BODY_BYTES = 1024 * 1024;
const MAX_CHANGES = 500;
const MAX_TAGS = 100;

export async function handlePublishRequest(request: Request, env: PublishEnv): Promise<Response> {
  const read = await readSecretBody(request, env.EDGE_PURGE_SECRET, MAX_BODY_BYTES, env.EDGE_PURGE_SECRET_PREVIOUS);
  if ('refusal' in read) return read.refusal;
  if (request.method !== 'POST') return json(405, { error: 'POST only.' });
  let parsed: Partial<PublishBody>;
  try {
    parsed = JSON.parse(read.body) as Partial<PublishBody>;
  } catch {
    return json(400, { error: 'Expected a JSON body {"changes": [...], "tags": [...]}.' });
  }
  const changes = parsed.changes ?? [];
  const tags = parsed.tags ?? [];
  if (!Array.isArray(changes) || changes.length > MAX_CHANGES || !changes.every(isPublicChange)) {
    return json(400, { error: `Expected at most ${MAX_CHANGES} public changes.` });
  }
  if (!Array.isArray(tags) || tags.length > MAX_TAGS || !tags.every(isCacheTag)) {
    return json(400, { error: `Expected at most ${MAX_TAGS} tags like "post:<id>".` });
  }
  const [sent, queued] = await Promise.all([
    fanOut(env, changes),
    tags.length > 0 ? enqueuePurge(env, tags) : ({ success: true } as PurgeResult),
  ]);
  if (!queued.success) console.error('Edge cache purge could not be queued', tags, queued.errors);
  return json(200, { changes: changes.length, sent, queued: queued.success ? tags : [] });
}

/** Every shard gets the batch once; returns how many socket messages went out. */
async function fanOut(env: LiveEnv, changes: Change[]): Promise<number> {
  if (changes.length === 0) return 0;
  const shards = Array.from({ length: shardCount(env) }, (_, i) => hubStub(env, i));
  const counts = await Promise.all(
    shards.map((hub) =>
      (hub.publish as (changes: Change[]) => Promise<number>)(changes).catch((error: unknown) => {
        console.error('Live publish to a shard failed', error);
        return 0;
      }),
    ),
  );
  return counts.reduce((a, b) => a + b, 0);
}
