// Edge caching for signed-out visitors: the one call the middleware makes (headers and tags). The purge
// route is answered by the Worker's own entry (src/worker.ts). See README "Edge cache".
import { applyCacheHeaders } from './headers';
import { pageCacheTags } from './tags';

interface EdgeCacheContext {
  request: Request;
  url: URL;
  locals: {
    user: unknown;
    shell?: { boards: { id: string; slug: string }[]; site: { browser_locale?: boolean } };
    i18n?: unknown;
    cacheTags?: string[];
  };
}

/** What the page is: a page (not a file or a webhook), and the widget's panel version of one. */
interface PageKind {
  isPage: boolean;
  embed: boolean;
}

/** Sets Cache-Control, Cache-Tag and Vary on a response from what was rendered and for whom. */
export function applyEdgeCache(context: EdgeCacheContext, response: Response, { isPage, embed }: PageKind): Response {
  return applyCacheHeaders(response, {
    method: context.request.method,
    signedIn: Boolean(context.locals.user),
    // A route that is no page may name its own tags (a protected file's: src/pages/files/).
    tags: context.locals.cacheTags ?? pageCacheTags(context.url.pathname, context.locals.shell?.boards),
    isPage,
    // Where the browser's language may choose, a cached page is kept per Accept-Language (see README).
    browserLanguage: Boolean(context.locals.i18n && context.locals.shell?.site.browser_locale),
    leavesFrames: !embed,
  });
}
