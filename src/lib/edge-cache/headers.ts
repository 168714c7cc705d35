// Which responses Cloudflare's Workers Cache may keep, for how long, under which tags, and the headers that choose
// among a path's copies (every `Vary` the Worker sends is written here). The gateway
// (src/edge/page-gateway.ts) hands the cached entrypoint no cookie but the language choice, so `Vary: Cookie`
// keeps one copy per picked language; should the default entrypoint ever be cached, it still keeps a signed-in
// visitor (whose responses are `private, no-store`) off the signed-out copies.

/** Edge freshness: purges keep pages exact, so expiry only bounds the damage of a failed purge. */
export const EDGE_CACHE_CONTROL = 'max-age=60, stale-while-revalidate=86400';
/** Browsers always ask again (the edge answers), so a purge reaches them on their next visit. */
export const BROWSER_CACHE_CONTROL = 'public, max-age=0, must-revalidate';
export const PRIVATE_CACHE_CONTROL = 'private, no-store';

export interface EdgeCacheDecision {
  method: string;
  signedIn: boolean;
  /** The page's tags, or null when it may not be cached at the edge. */
  tags: string[] | null;
  isPage: boolean;
  /** The site lets the browser's language pick the page's (Accept-Language then chooses the copy). */
  browserLanguage?: boolean;
  /** A page a framed navigation is sent away from (to its widget version): Sec-Fetch-Dest chooses the answer. */
  leavesFrames?: boolean;
}

/** Sets the cache headers of a response (in place) and returns it. */
export function applyCacheHeaders(
  response: Response,
  { method, signedIn, tags, isPage, browserLanguage = false, leavesFrames = false }: EdgeCacheDecision,
) {
  const headers = response.headers;
  const cacheable =
    (method === 'GET' || method === 'HEAD') &&
    !signedIn &&
    response.status === 200 &&
    tags !== null &&
    !headers.has('set-cookie') &&
    !/private|no-store/.test(headers.get('cache-control') ?? '');
  if (cacheable) {
    headers.set('cache-control', BROWSER_CACHE_CONTROL);
    // The most specific header wins at Cloudflare, which strips it (and Cache-Tag) before the browser.
    headers.set('cloudflare-cdn-cache-control', EDGE_CACHE_CONTROL);
    headers.set('cache-tag', tags.join(','));
  } else {
    headers.delete('cache-tag');
    headers.delete('cloudflare-cdn-cache-control');
    // With Workers Cache on, a response without Cache-Control is cached by heuristics (2 h for a 200).
    if (isPage || !headers.has('cache-control')) headers.set('cache-control', PRIVATE_CACHE_CONTROL);
  }
  // The rest of the key: what the request's headers choose (the gateway forwards only these to the cache).
  if (isPage || cacheable) headers.append('vary', 'Cookie');
  if (isPage && browserLanguage) headers.append('vary', 'Accept-Language');
  if (isPage && leavesFrames) headers.append('vary', 'Sec-Fetch-Dest');
  return response;
}
