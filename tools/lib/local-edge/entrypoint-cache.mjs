// Workers Cache in front of one entrypoint, as Cloudflare keeps it: keyed by the entrypoint, the path and query
// and the caller's `ctx.props` (never the host or the cookies), then by the values of the request headers the
// response's `Vary` names; fresh for its TTL, then served stale while one refresh runs; purged by tag.
import { storagePolicy, variantKey } from './cache-rules.mjs';

const MAX_ENTRIES = 5000;

/**
 * @param {(request: { entrypoint: string, props: string, method: string, url: string,
 *   headers: Record<string, any> }) => Promise<{ status: number, headers: Record<string, any>, body: Buffer }>}
 *   callEntrypoint runs the entrypoint (a miss)
 */
export function entrypointCache(callEntrypoint) {
  /** key → { vary: header names, variants: Map(the request's values of those → entry) } */
  const cache = new Map();
  const refreshing = new Set();

  const store = (key, request, response) => {
    const policy = storagePolicy(request, response);
    if (!policy.store) return false;
    const previous = cache.get(key);
    const slot =
      previous && previous.vary.join() === policy.vary.join() ? previous : { vary: policy.vary, variants: new Map() };
    slot.variants.set(variantKey(policy.vary, request.headers), { ...response, ...policy, storedAt: Date.now() });
    cache.delete(key);
    cache.set(key, slot);
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value);
    return true;
  };

  const refresh = (key, request) => {
    if (refreshing.has(key)) return;
    refreshing.add(key);
    callEntrypoint(request)
      .then((response) => store(key, request, response))
      .catch(() => {})
      .finally(() => refreshing.delete(key));
  };

  return {
    /**
     * The entrypoint's answer for a request, with `cf-cache-status` (HIT, UPDATING, MISS, EXPIRED, BYPASS).
     * @param {{ entrypoint: string, props: string, method: string, url: string, headers: Record<string, any> }} request
     */
    async fetch(request) {
      const key = `${request.entrypoint}\n${request.url}\n${request.props}`;
      const slot = cache.get(key);
      const entry = slot?.variants.get(variantKey(slot.vary, request.headers)) ?? null;
      if (entry) {
        const age = (Date.now() - entry.storedAt) / 1000;
        if (age < entry.ttl) return { ...entry, cacheStatus: 'HIT' };
        if (age < entry.ttl + entry.swr) {
          refresh(key, { ...request, method: 'GET' });
          return { ...entry, cacheStatus: 'UPDATING' };
        }
      }
      const response = await callEntrypoint({ ...request, method: 'GET' });
      const stored = store(key, request, response);
      return { ...response, cacheStatus: stored ? (entry ? 'EXPIRED' : 'MISS') : 'BYPASS' };
    },

    /** Drops every cached variant carrying one of the tags (case-insensitive, as Cloudflare matches). */
    purge(tags) {
      const wanted = new Set(tags.map((tag) => String(tag).toLowerCase()));
      let purged = 0;
      for (const [key, slot] of cache) {
        for (const [variant, entry] of slot.variants) {
          if (entry.tags.some((tag) => wanted.has(tag))) {
            slot.variants.delete(variant);
            purged += 1;
          }
        }
        if (slot.variants.size === 0) cache.delete(key);
      }
      return purged;
    },
  };
}
