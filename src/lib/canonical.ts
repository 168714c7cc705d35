// The site's own address in what a page says about itself (canonical link, og:url, sitemap, robots, feeds): the
// Application URL (the SITE_URL binding, PocketBase's Application URL), never a request header, so no visitor's
// X-Forwarded-Proto, X-Forwarded-Host or Host can write another address into a page the edge keeps for everyone.
// Without SITE_URL (a local stack that names none), the address the Worker was reached at.
import { SITE_URL } from 'astro:env/server';

/** The site's origin (`https://feedback.example.com`): SITE_URL's, else `requestUrl`'s. */
export function siteOrigin(requestUrl: URL, siteUrl: string | undefined = SITE_URL): string {
  if (siteUrl) {
    try {
      return new URL(siteUrl).origin;
    } catch {
      // an unreadable SITE_URL is no address: the request's, as without one
    }
  }
  return requestUrl.origin;
}

/** The absolute address of `path` on the site. */
export function siteHref(path: string, requestUrl: URL, siteUrl?: string): string {
  return new URL(path, siteOrigin(requestUrl, siteUrl)).href;
}
