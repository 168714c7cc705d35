// The gateway in front of the cached pages (README "Edge cache"): a signed-out GET reaches the cached
// entrypoint with every cookie but the language choice removed and the browser's language folded to one
// code, and that language is part of the cache key (`ctx.props`), so unrelated cookies (analytics, Cloudflare's
// bot cookie) no longer split the cache. A verified plain member's GET of a public page reaches it the same way,
// as the member audience, or a member of one segment with a board of its own as that segment's audience (issue 59:
// `audience` in the key, src/edge/member-audience.ts decides); staff, members of two such segments and any write
// never reach the cache.

import { SSO_STATE_COOKIE } from '../features/sso/sso-state';
import { isLocale, negotiateLocale } from '../i18n/locales';
import { LANGUAGE_COOKIE } from '../i18n/resolve';
import { FRESH_COOKIE } from '../lib/fresh-after-write';
import type { Audience } from '../lib/pb/audience';
import { AUTH_COOKIE } from '../lib/pb/client';

/** What the cached entrypoint is keyed on besides the path and query: the picked language and the audience. */
export interface PageCacheProps {
  /** The member's own language, else the `chorus_lang` cookie's locale, or '' when none (valid) is set. */
  lang: string;
  /** 'member' for a verified plain member's copy, 'segment:<id>' for a segment audience's (each rendered as its
   * audience's principal: a segment's copy is never another audience's), '' for visitors'. */
  audience: Audience;
  /** The shell version the member's check named ('' for visitors): the copy's render reads what it kept under it
   * (src/lib/pb/kept-at-version.ts) instead of asking PocketBase. A new version (a write to the site, a status, a
   * tag, a board or a custom field: VERSIONED_SHELL_COLLECTIONS in src/contract/cache-tags.ts) is a new key; each
   * of those writes also purges `site`, which already makes every copy new. Staff's own collections (segments, the scoring, tracker
   * connections) renew staff's version alone: no copy changes with them. */
  shell: string;
}

/** A member the gateway verified as the member audience: their language choice joins the key. */
export interface AudienceMember {
  audience: Audience;
  locale: string | null;
  /** The shell version their check named, if any. */
  shellVersion: string | null;
}

/** Set by the Worker alone (stripped from every request it receives): the cached entrypoint's audience, read by the
 * middleware, which then renders the page as that audience's principal (src/middleware.ts). */
export const AUDIENCE_HEADER = 'x-chorus-audience';
/** Set by the Worker alone (stripped like AUDIENCE_HEADER): the session the gateway verified, for the render. */
export const VERIFIED_HEADER = 'x-chorus-verified-session';
/** Set by the Worker alone (stripped like AUDIENCE_HEADER): an audience copy's shell version, from its props. */
export const SHELL_VERSION_HEADER = 'x-chorus-shell-version';
/** The headers only the Worker sets for its own render: any request arriving with one is stripped of them. */
export const WORKER_ONLY_HEADERS = [AUDIENCE_HEADER, VERIFIED_HEADER, SHELL_VERSION_HEADER];

/** A shell version as PocketBase names it (pb_hooks/site/shell-version.js: 20 letters and digits), else ''. */
export function shellVersionNamed(value: unknown): string {
  return typeof value === 'string' && /^[A-Za-z0-9]{20}$/.test(value) ? value : '';
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

/** Public pages, the same for every plain member: the home page, boards, ideas, the roadmap, the changelog. */
const AUDIENCE_PAGE = /^\/(?:|b\/[^/]+|p\/[a-z0-9]{15}|roadmap|changelog(?:\/[^/]+)?)$/;

const PERSONAL_FILTERS = ['mine', 'voted'];
/** Set for a short while after the member wrote (src/lib/fresh-after-write.ts): their own render shows it at once. */
const FRESH_PATTERN = new RegExp(`(?:^|;\\s*)${FRESH_COOKIE}=[^;]`);

/**
 * Whether a signed-in request may be served a member audience's copy, once PocketBase says whose it is: a GET or
 * HEAD of a public page with the auth cookie (no Authorization, not back from single sign-on), whose cookie's own
 * copy of the account (unverified: it only spares staff a second check) names a plain, confirmed, unblocked member.
 */
export function mayServeAudience(request: Request, url: URL): boolean {
  if (request.method !== 'GET' && request.method !== 'HEAD') return false;
  if (request.headers.get('upgrade') || request.headers.has('authorization')) return false;
  if (!AUDIENCE_PAGE.test(url.pathname)) return false;
  // A list of the member's own ideas or votes (src/features/ideas/list-query.ts) is theirs alone.
  if (PERSONAL_FILTERS.some((name) => url.searchParams.has(name))) return false;
  const cookies = request.headers.get('cookie') ?? '';
  if (!AUTH_COOKIE_PATTERN.test(cookies) || SSO_STATE_PATTERN.test(cookies)) return false;
  if (FRESH_PATTERN.test(cookies)) return false;
  const record = cookieRecord(cookies);
  return record?.role === 'member' && record.verified === true && record.blocked !== true;
}

/** The account the auth cookie carries beside its token (what the browser's SDK wrote), or null. */
function cookieRecord(cookies: string): { role?: unknown; verified?: unknown; blocked?: unknown } | null {
  const value = new RegExp(`(?:^|;\\s*)${AUTH_COOKIE}=([^;]*)`).exec(cookies)?.[1];
  if (!value) return null;
  try {
    const parsed = JSON.parse(decodeURIComponent(value)) as { model?: unknown; record?: unknown };
    const record = parsed.record ?? parsed.model;
    return record && typeof record === 'object' ? record : null;
  } catch {
    return null;
  }
}

/** The language cookie's value when it names a known locale. */
export function pickedLanguage(cookieHeader: string | null): string {
  const value = new RegExp(`(?:^|;\\s*)${LANGUAGE_COOKIE}=([^;]*)`).exec(cookieHeader ?? '')?.[1]?.trim();
  return isLocale(value) ? value : '';
}

/**
 * The cache key, written here alone: the request the cached entrypoint sees and its cache props. The cookie
 * header is only the language choice (or gone: the auth cookie never passes), Accept-Language is the one
 * supported locale it prefers (or gone), so pages that `Vary` on them get one copy per language, never one per
 * visitor; `audience` is the audience of a member the gateway verified (`member`, or `segment:<id>`), else ''; `shell` is
 * the shell version their check named (only with an audience).
 */
export function pageCacheRequest(
  request: Request,
  member: AudienceMember | null = null,
): { request: Request; props: PageCacheProps } {
  const headers = new Headers(request.headers);
  const audience = member?.audience ?? '';
  const own = audience && isLocale(member?.locale ?? undefined) ? (member?.locale ?? '') : '';
  const lang = own || pickedLanguage(headers.get('cookie'));
  if (lang) headers.set('cookie', `${LANGUAGE_COOKIE}=${lang}`);
  else headers.delete('cookie');
  const browser = negotiateLocale(headers.get('accept-language'));
  if (browser) headers.set('accept-language', browser);
  else headers.delete('accept-language');
  headers.delete(LOCAL_ENTRYPOINT_HEADER);
  headers.delete(LOCAL_PROPS_HEADER);
  headers.delete(LOCAL_HOST_HEADER);
  headers.delete(LOCAL_ADDRESS_HEADER);
  for (const name of WORKER_ONLY_HEADERS) headers.delete(name);
  const shell = audience ? shellVersionNamed(member?.shellVersion) : '';
  return { request: new Request(request, { headers }), props: { lang, audience, shell } };
}

/** The cached entrypoint's answer as the visitor gets it: the edge-only headers stay at the edge. */
export function fromPageCache(response: Response): Response {
  const headers = new Headers(response.headers);
  headers.delete('cache-tag');
  headers.delete('cloudflare-cdn-cache-control');
  return new Response(response.body, { status: response.status, statusText: response.statusText, headers });
}
