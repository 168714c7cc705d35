// Per request: a PocketBase client for the visitor, who is signed in (verified with PocketBase), or for an
// audience's principal on that audience's cached copy (the members' or a segment's; nobody's person:
// src/lib/pb/audience.ts), the page shell, security headers, edge caching for signed-out visitors, friendly 503/429
// pages, and pages whose first frame shows their own text (src/lib/hero-first.ts).

import { CHORUS_PROXY_SECRET, PB_URL, PUBLIC_PB_URL } from 'astro:env/server';
import { defineMiddleware } from 'astro:middleware';
import { AUDIENCE_MEMBER } from './contract/audience';
import { AUDIENCE_HEADER, SHELL_VERSION_HEADER, shellVersionNamed, VERIFIED_HEADER } from './edge/page-gateway';
import { loadShell, type SharedBoards, visitorShellVersion } from './features/site/site';
import { isEmbedPath, parseOrigins, toEmbedPath } from './features/widget/embed';
import { loadWidgetSettings } from './features/widget/widget-data';
import { directionOf, type Locale } from './i18n/locales';
import { isEnglishStandIn, loadMessages } from './i18n/messages';
import { runWithI18n } from './i18n/request';
import { resolveLocale } from './i18n/resolve';
import type { I18n } from './i18n/translator';
import { hasStaffRole, isStaff } from './lib/access';
import { audienceMarkHash } from './lib/audience-mark';
import { isForbiddenCrossSite } from './lib/cross-site';
import { applyEdgeCache } from './lib/edge-cache';
import { freshCookie } from './lib/fresh-after-write';
import { withHeroFirst } from './lib/hero-first';
import { shellCssHash } from './lib/inline-style';
import { audienceNamed, principalToken } from './lib/pb/audience';
import { answerIn, createServerClient } from './lib/pb/client';
import { forwardedAddress } from './lib/pb/client-address.mjs';
import { isRateLimited, isUnavailable } from './lib/pb/errors';
import { clearedAuthCookie, handedSession, type Session, verifySession } from './lib/pb/session';
import { applySecurityHeaders, type CspAdditions } from './lib/security-headers';
import { isPagePath } from './lib/site-origin';
import { renderRateLimitedPage, renderUnavailablePage } from './lib/unavailable-page';

const DEFAULT_PB_URL = 'http://127.0.0.1:8090';

const SIGNED_OUT: Session = { user: null, clearCookie: false };
const isFileRequest = (pathname: string) => pathname.startsWith('/files/');

export const onRequest = defineMiddleware(async (context, next) => {
  if (isForbiddenCrossSite(context.request, context.url)) {
    return new Response(`Cross-site ${context.request.method} form submissions are forbidden`, { status: 403 });
  }
  const serverUrl = PB_URL || PUBLIC_PB_URL || DEFAULT_PB_URL;
  const publicUrl = PUBLIC_PB_URL || serverUrl;
  // A navigation inside the widget's panel to a board page goes to the page's panel version.
  const framed = context.request.headers.get('sec-fetch-dest') === 'iframe';
  const embedTarget = framed && !isEmbedPath(context.url.pathname) ? toEmbedPath(context.url.pathname) : null;
  if (embedTarget) return context.redirect(embedTarget + context.url.search, 303);
  // The panel never reads the auth cookie (a cross-site frame does not get it): its islands sign in.
  const embed = isEmbedPath(context.url.pathname);
  // An audience's copy (the Worker names it only on its cached entrypoint, never from outside): read as the
  // audience's principal, with no one's cookie; the page knows no person (locals.user stays null).
  const audience = embed ? '' : audienceNamed(context.request.headers.get(AUDIENCE_HEADER));
  const pb = createServerClient(
    serverUrl,
    embed || audience ? null : context.request.headers.get('cookie'),
    forwardedAddress(CHORUS_PROXY_SECRET, clientAddressOf(context)),
  );
  context.locals.pb = pb;
  context.locals.pbPublicUrl = publicUrl;
  context.locals.user = null;
  context.locals.audience = audience;

  // Tracker webhooks (/integrations/…) are no page: they skip the shell's read.
  const isPage = isPagePath(context.url.pathname);
  let session: Session = SIGNED_OUT;
  let response: Response;
  try {
    // One round trip: the token is verified while the shell (and the panel's settings) load; signed-out
    // visitors skip the check. An image (/files/…) needs no session check: PocketBase refuses a file token to
    // a sign-in it does not honour, and the route then answers as to a visitor (one round trip of three saved
    // per image).
    if (audience)
      pb.authStore.save(await principalToken(serverUrl, CHORUS_PROXY_SECRET ?? '', Date.now(), audience), null);
    // A session the Worker's gateway verified already (src/edge/member-audience.ts) is not asked for again.
    const handed = embed || audience ? null : context.request.headers.get(VERIFIED_HEADER);
    const known = handed ? handedSession(pb, handed) : null;
    const checking =
      isFileRequest(context.url.pathname) || audience ? null : known ? Promise.resolve(known) : verifySession(pb);
    // An audience's copy is handed the version its member's check named (the gateway's, through the copy's props); a
    // visitor's page (no sign-in at all) asks PocketBase for the shell's, which it names to anyone.
    const copyVersion = audience ? shellVersionNamed(context.request.headers.get(SHELL_VERSION_HEADER)) || null : null;
    const visitor = !audience && !pb.authStore.token;
    const version =
      visitor && isPage ? visitorShellVersion(pb) : checking ? checking.then((s) => s.shellVersion) : copyVersion;
    // Every active staff member sees every board: a sign-in whose cookie claims a staff role (unverified) waits for
    // its check, and takes staff's boards kept under the version once the check says staff.
    // A segment audience's copy reads its boards as its principal (each segment's are its own: not kept).
    const shared: Promise<SharedBoards> | SharedBoards =
      audience === AUDIENCE_MEMBER
        ? 'audience'
        : visitor
          ? 'visitor'
          : !audience && checking && hasStaffRole({ role: pb.authStore.record?.role })
            ? checking.then((s) => (isStaff(s.user) ? 'staff' : null))
            : null;
    const [verified, shell, widget] = await Promise.all([
      checking ?? SIGNED_OUT,
      // A member's check names the shell's version: what this isolate kept under it is not read again
      // (src/features/site/site.ts); a visitor's page, under the version PocketBase names to anyone.
      isPage ? loadShell(pb, version, shared) : undefined,
      isPage && embed ? loadWidgetSettings(pb) : null,
    ]);
    session = verified;
    context.locals.user = session.user;
    context.locals.widget = widget;
    if (shell) context.locals.shell = shell;
    const i18n = await localeOf(context, session.user?.locale ?? null);
    answerIn(pb, i18n.locale);
    response = await runWithI18n(i18n, () => next());
    if (isPage && !embed) response = await withHeroFirst(response);
  } catch (error) {
    if (isRateLimited(error)) {
      response = renderRateLimitedPage(await fallbackI18n(context));
    } else if (isUnavailable(error)) {
      console.error(`PocketBase unavailable at ${serverUrl}:`, error);
      response = renderUnavailablePage(await fallbackI18n(context));
    } else {
      throw error;
    }
  }
  const https = context.url.protocol === 'https:';
  if (session.clearCookie) response.headers.append('set-cookie', clearedAuthCookie(https));
  // A member's form post (no scripts): their next pages are rendered for them for a while (fresh-after-write.ts).
  if (session.user && !['GET', 'HEAD'].includes(context.request.method)) {
    response.headers.append('set-cookie', freshCookie(https));
  }
  // The panel's frame-ancestors follow the admin's list of origins, which no purge tag follows: never cached.
  // Nor is a page in English for a translation that did not load (the next request tries it again).
  const standIn = context.locals.i18n && isEnglishStandIn(context.locals.i18n.locale, context.locals.i18n.messages);
  if (embed || standIn) response.headers.set('cache-control', 'private, no-store');
  applyEdgeCache(context, response, { isPage, embed });
  if (isPage && context.locals.i18n) response.headers.set('content-language', context.locals.i18n.locale);
  const csp: CspAdditions | undefined = context.locals.shell && {
    pbOrigin: new URL(publicUrl).origin,
    styleHashes: [await shellCssHash(context.locals.shell)],
    scriptHashes: audience ? [await audienceMarkHash()] : undefined,
    frameAncestors: embed ? parseOrigins(context.locals.widget?.allowed_origins ?? '').origins : undefined,
    // Turnstile's script and frame, on the pages that ask for it (sign-in, the widget's, sign-up, and the link
    // that posts an emailed idea), where the site turned it on.
    turnstile:
      /^((\/embed)?\/sign(in|up)|\/email\/confirm)\/?$/.test(context.url.pathname) &&
      Boolean(context.locals.shell.site.turnstile_site_key),
  };
  return applySecurityHeaders(response, { https, csp });
});

/** The request's language (src/i18n/resolve.ts) with its messages; sets locals.i18n and localeSource. */
async function localeOf(context: Parameters<Parameters<typeof defineMiddleware>[0]>[0], memberLocale: Locale | null) {
  const site = context.locals.shell?.site;
  const { locale, source } = resolveLocale({
    memberLocale,
    cookieHeader: context.request.headers.get('cookie'),
    acceptLanguage: context.request.headers.get('accept-language'),
    siteLocale: site?.default_locale,
    browserAllowed: Boolean(site?.browser_locale),
  });
  const i18n: I18n = { locale, dir: directionOf(locale), messages: await loadMessages(locale) };
  context.locals.i18n = i18n;
  context.locals.localeSource = source;
  return i18n;
}

/** For the 503/429 pages: the request's language if known, else what the cookie or browser asks for
 * (PocketBase, which holds the member's and the site's choice, may not be answering). */
async function fallbackI18n(context: Parameters<Parameters<typeof defineMiddleware>[0]>[0]): Promise<I18n> {
  if (context.locals.i18n) return context.locals.i18n;
  const { locale } = resolveLocale({
    memberLocale: null,
    cookieHeader: context.request.headers.get('cookie'),
    acceptLanguage: context.request.headers.get('accept-language'),
    siteLocale: null,
    browserAllowed: true,
  });
  return { locale, dir: directionOf(locale), messages: await loadMessages(locale) };
}

/** The visitor's address (Cloudflare's CF-Connecting-IP), or null where the runtime does not know it. */
function clientAddressOf(context: { clientAddress: string }): string | null {
  try {
    return context.clientAddress || null;
  } catch {
    return null;
  }
}
