// Per request: a PocketBase client from the auth cookie, the page shell, security headers,
// edge caching for signed-out visitors, and a friendly 503 when PocketBase cannot be reached.
import { PB_URL, PUBLIC_PB_URL } from 'astro:env/server';
import { defineMiddleware } from 'astro:middleware';
import { cspHash, shellCss } from './lib/inline-style';
import { createServerClient, toSessionUser } from './lib/pb/client';
import { isUnavailable } from './lib/pb/errors';
import { loadShell } from './lib/pb/site';
import { applySecurityHeaders, type CspAdditions } from './lib/security-headers';
import { renderUnavailablePage } from './lib/unavailable-page';

const DEFAULT_PB_URL = 'http://127.0.0.1:8090';

export const onRequest = defineMiddleware(async (context, next) => {
  const serverUrl = PB_URL || PUBLIC_PB_URL || DEFAULT_PB_URL;
  const publicUrl = PUBLIC_PB_URL || serverUrl;
  const pb = createServerClient(serverUrl, context.request.headers.get('cookie'));
  context.locals.pb = pb;
  context.locals.pbPublicUrl = publicUrl;
  context.locals.user = pb.authStore.isValid ? toSessionUser(pb, pb.authStore.record) : null;

  const isPage = !context.url.pathname.startsWith('/_') && !/\.[a-z0-9]+$/i.test(context.url.pathname);
  let response: Response;
  try {
    if (isPage) {
      context.locals.shell = await loadShell(pb);
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
  if (isPage) response.headers.append('vary', 'Cookie');
  const csp: CspAdditions | undefined = context.locals.shell && {
    pbOrigin: new URL(publicUrl).origin,
    styleHashes: [await cspHash(shellCss(context.locals.shell))],
  };
  return applySecurityHeaders(response, { https: context.url.protocol === 'https:', csp });
});
