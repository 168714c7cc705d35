// GET /live (a WebSocket upgrade): a browser's one live connection, handed to the shard of its address, so
// one address's sockets are counted in one place (a flood from it is bounded) and the crowd spreads.
import type { LiveEnv } from './live-hub';

/** Shards when LIVE_SHARDS is unset: a shard sends each change to its own sockets, one after another. */
export const DEFAULT_SHARDS = 8;

export function shardCount(env: Pick<LiveEnv, 'LIVE_SHARDS'>): number {
  const n = Number(env.LIVE_SHARDS);
  return Number.isInteger(n) && n >= 1 && n <= 256 ? n : DEFAULT_SHARDS;
}

export function hubStub(env: LiveEnv, shard: number): DurableObjectStub {
  return env.LIVE_HUB.get(env.LIVE_HUB.idFromName(`hub:${shard}`));
}

/** FNV-1a of the address, for a stable shard per address. */
function shardOf(address: string, shards: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < address.length; i++) hash = Math.imul(hash ^ address.charCodeAt(i), 0x01000193);
  return (hash >>> 0) % shards;
}

export function handleLiveRequest(request: Request, env: LiveEnv): Promise<Response> | Response {
  if (request.headers.get('upgrade')?.toLowerCase() !== 'websocket') {
    return new Response('Expected a WebSocket upgrade.', { status: 426, headers: { 'cache-control': 'no-store' } });
  }
  const address = request.headers.get('cf-connecting-ip') ?? 'unknown';
  const headers = new Headers(request.headers);
  headers.set('x-chorus-address', address);
  return hubStub(env, shardOf(address, shardCount(env))).fetch(new Request(request, { headers }));
}
