// Per request: a PocketBase client from the auth cookie, the page shell, security headers,
// edge caching for signed-out visitors, and a friendly 503 when PocketBase cannot be reached.
import { PB_URL, PUBLIC_PB_URL } from 'astro:env/server';
import { defineMiddleware } from 'astro:middleware';
import { isEmbedPath, parseOrigins, toEmbedPath } from './lib/embed';
import { accentCss, cspHash } from './lib/inline-style';
import { createServerClient, toSessionUser } from './lib/pb/client';
import { isUnavailable } from './lib/pb/errors';
import { loadShell } from './lib/pb/site';
import { loadWidgetSettings } from './lib/pb/widget';
import { applySecurityHeaders, type CspAdditions } from './lib/security-headers';
import { renderUnavailablePage } from './lib/unavailable-page';

const DEFAULT_PB_URL = 'http://127.0.0.1:8090';

export const onRequest = defineMiddleware(async (context, next) => {
  const serverUrl = PB_URL || PUBLIC_PB_URL || DEFAULT_PB_URL;
  const publicUrl = PUBLIC_PB_URL || serverUrl;
  // A navigation inside the widget's panel to a board page goes to the page's panel version.
  const framed = context.request.headers.get('sec-fetch-dest') === 'iframe';
  const embedTarget = framed && !isEmbedPath(context.url.pathname) ? toEmbedPath(context.url.pathname) : null;
  if (embedTarget) return context.redirect(embedTarget + context.url.search, 303);
  // The panel never reads the auth cookie (a cross-site frame does not get it): its islands sign in.
  const embed = isEmbedPath(context.url.pathname);
  const pb = createServerClient(serverUrl, embed ? null : context.request.headers.get('cookie'));
  context.locals.pb = pb;
  context.locals.pbPublicUrl = publicUrl;
  context.locals.user = pb.authStore.isValid ? toSessionUser(pb, pb.authStore.record) : null;

  const isPage = !context.url.pathname.startsWith('/_') && !/\.[a-z0-9]+$/i.test(context.url.pathname);
  let response: Response;
  try {
    if (isPage) {
      [context.locals.shell, context.locals.widget] = await Promise.all([
        loadShell(pb),
        embed ? loadWidgetSettings(pb) : null,
      ]);
    }
    response = await next();
  } catch (error) {
    if (!isUnavailable(error)) throw error;
    console.error(`PocketBase unavailable at ${serverUrl}:`, error);
    response = renderUnavailablePage();
  }
  const cacheable = context.request.method === 'GET' && !context.locals.user && response.status === 200;
  if (isPage && !response.headers.has('cache-control')) {
    response.headers.set('cache-control', cacheable ? 'public, max-age=0, s-maxage=30' : 'private, no-store');
  }
  if (isPage && !embed) response.headers.append('vary', 'Cookie, Sec-Fetch-Dest');
  const csp: CspAdditions | undefined = context.locals.shell && {
    pbOrigin: new URL(publicUrl).origin,
    styleHashes: [await cspHash(accentCss(context.locals.shell.site.accent_color))],
    frameAncestors: embed ? parseOrigins(context.locals.widget?.allowed_origins ?? '').origins : undefined,
  };
  return applySecurityHeaders(response, { https: context.url.protocol === 'https:', csp });
});
