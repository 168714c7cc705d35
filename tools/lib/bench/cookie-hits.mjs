// Cache hits for signed-out visitors who carry unrelated cookies (analytics, Cloudflare's bot cookie), each
// visitor its own values, against visitors without cookies: the goal is the same hit rate.

/** A different visitor each call: their own analytics and bot-management cookie values. */
const visitorCookies = (i) => `_ga=GA1.1.${1000 + i}.${1_700_000_000 + i}; __cf_bm=visitor${i}-1700000000-1.0`;

/**
 * @param {string} siteUrl the local edge
 * @param {[string, string][]} pages label and path
 * @returns {Promise<{ label: string, without: number, withCookie: number }[]>} hit rates (0..1)
 */
export async function measureCookieHits(siteUrl, pages, requests = 50) {
  const hitRate = async (path, cookie) => {
    let hits = 0;
    for (let i = 0; i < requests; i++) {
      const response = await fetch(new URL(path, siteUrl), { headers: cookie ? { cookie: cookie(i) } : {} });
      await response.arrayBuffer();
      if (response.headers.get('cf-cache-status') === 'HIT') hits += 1;
    }
    return hits / requests;
  };
  const rows = [];
  for (const [label, path] of pages) {
    rows.push({ label, without: await hitRate(path, null), withCookie: await hitRate(path, visitorCookies) });
  }
  return rows;
}

export function formatCookieHits(rows, requests = 50) {
  const pct = (rate) => `${(rate * 100).toFixed(0)}%`.padStart(5);
  return rows
    .map(
      ({ label, without, withCookie }) =>
        `cache hits, ${label.padEnd(14)} no cookies ${pct(without)}   each visitor an analytics cookie ${pct(withCookie)}   (${requests} visitors each; goal: the same)`,
    )
    .join('\n');
}
