// One site, one address: a page request (GET or HEAD) that arrives on another host name of the site (its IP
// address, a second name in production) is sent to the site's own address (the SITE_URL binding, which is
// PocketBase's Application URL), so an old bookmark keeps working while passkeys, cookies, OAuth redirects and
// the links in emails all agree on one origin. Other methods are left alone (the passkey ceremony and the
// cross-site check refuse what does not come from the site's origin). Without SITE_URL nothing is redirected.

/** Paths that are pages (not assets, files, or the trackers' webhooks): the same test as the middleware's. */
export function isPagePath(pathname: string): boolean {
  return !pathname.startsWith('/_') && !pathname.startsWith('/integrations/') && !/\.[a-z0-9]+$/i.test(pathname);
}

/** SITE_URL read once per value (it is on every request's path): its host name and origin, or null if unreadable. */
let read: { siteUrl: string; site: { hostname: string; origin: string } | null } | undefined;
function siteOf(siteUrl: string): { hostname: string; origin: string } | null {
  if (read?.siteUrl !== siteUrl) {
    let site: { hostname: string; origin: string } | null = null;
    try {
      const { hostname, origin } = new URL(siteUrl);
      site = { hostname, origin };
    } catch {
      // an unreadable SITE_URL redirects nothing
    }
    read = { siteUrl, site };
  }
  return read.site;
}

/**
 * The redirect to the site's address for a page request on another host name, or null. `url` is the request's,
 * when the caller has already read it.
 */
export function siteOriginRedirect(
  request: Request,
  siteUrl: string | undefined,
  url: URL = new URL(request.url),
): Response | null {
  if (!siteUrl || (request.method !== 'GET' && request.method !== 'HEAD')) return null;
  const site = siteOf(siteUrl);
  // The host name only: the same name on another port is the same site seen from inside (the Worker behind the
  // local edge, a health check on the origin's port).
  if (!site || url.hostname === site.hostname || !isPagePath(url.pathname)) return null;
  return new Response(null, {
    status: 301,
    // Not kept by browsers: the address may change, and a kept redirect would outlive it.
    headers: { location: `${site.origin}${url.pathname}${url.search}`, 'cache-control': 'no-store' },
  });
}
