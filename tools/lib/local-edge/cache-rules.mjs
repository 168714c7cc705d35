// How Cloudflare's Workers Cache decides what to keep, for how long and under which variant, as its
// docs describe it (developers.cloudflare.com/workers/cache/configuration): the rules the local edge applies.

/** Default freshness (seconds) of a response with no Cache-Control nor Expires, by status. */
const HEURISTIC_TTL = {
  200: 7200,
  203: 7200,
  204: 7200,
  300: 1200,
  301: 1200,
  404: 180,
  405: 60,
  410: 180,
  414: 60,
  501: 60,
};

function directives(value) {
  const map = new Map();
  for (const part of (value ?? '').split(',')) {
    const [name, arg] = part.trim().toLowerCase().split('=');
    if (name) map.set(name, arg === undefined ? true : Number(arg.replace(/"/g, '')));
  }
  return map;
}

/**
 * @param {{ method: string, headers: Record<string, string | string[] | undefined> }} request
 * @param {{ status: number, headers: Record<string, string | string[] | undefined> }} response
 * @returns {{ store: false } | { store: true, ttl: number, swr: number, vary: string[], tags: string[] }}
 */
export function storagePolicy(request, response) {
  const h = response.headers;
  if (!['GET', 'HEAD'].includes(request.method) || request.headers.upgrade) return { store: false };
  if (response.status === 206 || (response.status >= 520 && response.status <= 526)) return { store: false };
  if (h['set-cookie']) return { store: false };
  const header = h['cloudflare-cdn-cache-control'] ?? h['cdn-cache-control'] ?? h['cache-control'];
  const cc = directives(String(header ?? ''));
  if (cc.has('private') || cc.has('no-store')) return { store: false };
  const vary = String(h.vary ?? '')
    .split(',')
    .map((name) => name.trim().toLowerCase())
    .filter(Boolean);
  if (vary.includes('*')) return { store: false };
  if (request.headers.authorization && !cc.has('public') && !cc.has('s-maxage') && !cc.has('must-revalidate')) {
    return { store: false };
  }
  let ttl;
  if (header === undefined && h.expires === undefined) {
    ttl = HEURISTIC_TTL[response.status];
    if (ttl === undefined) return { store: false };
  } else {
    const age = cc.get('s-maxage') ?? cc.get('max-age');
    ttl = cc.has('no-cache') ? 0 : typeof age === 'number' && Number.isFinite(age) ? age : 0;
  }
  // RFC 9111 §4.2.4: these forbid serving stale, so stale-while-revalidate is off.
  const noStale = cc.has('s-maxage') || cc.has('must-revalidate') || cc.has('proxy-revalidate');
  const swrValue = cc.get('stale-while-revalidate');
  const swr = !noStale && typeof swrValue === 'number' && Number.isFinite(swrValue) ? swrValue : 0;
  const tags = String(h['cache-tag'] ?? '')
    .split(',')
    .map((tag) => tag.trim().toLowerCase())
    .filter((tag) => /^[\x21-\x7e]{1,1024}$/.test(tag));
  return { store: true, ttl, swr, vary: [...new Set(vary)], tags };
}

/** The request header values a stored variant was keyed on (verbatim, as Cloudflare compares them). */
export function variantKey(vary, requestHeaders) {
  return vary.map((name) => `${name}=${String(requestHeaders[name] ?? '')}`).join('\n');
}
