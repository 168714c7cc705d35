// The gateway in front of the cached pages (README "Edge cache"): a signed-out GET reaches the cached
// entrypoint with every cookie but the language choice removed and the browser's language folded to one
// code, and that language is part of the cache key (`ctx.props`), so unrelated cookies (analytics, Cloudflare's
// bot cookie) no longer split the cache. A signed-in visitor, or any write, never reaches the cache.

import { SSO_STATE_COOKIE } from '../features/sso/sso-state';
import { isLocale, negotiateLocale } from '../i18n/locales';
import { LANGUAGE_COOKIE } from '../i18n/resolve';
import { AUTH_COOKIE } from '../lib/pb/client';

/** What the cached entrypoint is keyed on besides the path and query: the language the visitor picked. */
export interface PageCacheProps {
  /** The `chorus_lang` cookie's locale, or '' when none (valid) is set. */
  lang: string;
}

/** Headers only the local edge emulation may set (it strips them from visitors' requests). */
export const LOCAL_ENTRYPOINT_HEADER = 'x-chorus-entrypoint';
export const LOCAL_PROPS_HEADER = 'x-chorus-entrypoint-props';
export const LOCAL_HOST_HEADER = 'x-chorus-entrypoint-host';
/** The visitor's address: a Worker's own fetch() does not pass CF-Connecting-IP on, so the local edge restores it. */
export const LOCAL_ADDRESS_HEADER = 'x-chorus-entrypoint-address';

const AUTH_COOKIE_PATTERN = new RegExp(`(?:^|;\\s*)${AUTH_COOKIE}=[^;]`);
/** /sso's state cookie (src/features/sso/sso-state.ts, Path=/sso): that page must see it, so it skips the cache. */
const SSO_STATE_PATTERN = new RegExp(`(?:^|;\\s*)${SSO_STATE_COOKIE}=[^;]`);

/** Whether the request may be answered from the page cache: a GET or HEAD by a visitor who is not signed in
 * (nor returning from single sign-on). */
export function mayUsePageCache(request: Request): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.headers.get('upgrade') || request.headers.has('authorization')) return false;
  const cookies = request.headers.get('cookie') ?? '';
  return !AUTH_COOKIE_PATTERN.test(cookies) && !SSO_STATE_PATTERN.test(cookies);
}

/** The language cookie's value when it names a known locale. */
export function pickedLanguage(cookieHeader: string | null): string {
  const value = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')?.[1]?.trim();
  return isLocale(value) ? value : '';
}

/**
 * The request the cached entrypoint sees and its cache props: the cookie header is only the language choice
 * (or gone), Accept-Language is the one supported locale it prefers (or gone), so pages that `Vary` on them
 * get one copy per language, never one per visitor.
 */
export function pageCacheRequest(request: Request): { request: Request; props: PageCacheProps } {
  const headers = new Headers(request.headers);
  const lang = pickedLanguage(headers.get('cookie'));
  if (lang) headers.set('cookie', `${LANGUAGE_COOKIE}=${lang}`);
  else headers.delete('cookie');
  const browser = negotiateLocale(headers.get('accept-language'));
  if (browser) headers.set('accept-language', browser);
  else headers.delete('accept-language');
  headers.delete(LOCAL_ENTRYPOINT_HEADER);
  headers.delete(LOCAL_PROPS_HEADER);
  headers.delete(LOCAL_HOST_HEADER);
  headers.delete(LOCAL_ADDRESS_HEADER);
  return { request: new Request(request, { headers }), props: { lang } };
}

/** The cached entrypoint's answer as the visitor gets it: the edge-only headers stay at the edge. */
export function fromPageCache(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.delete('cache-tag');
  headers.delete('cloudflare-cdn-cache-control');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
