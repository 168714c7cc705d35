// Edge caching for signed-out visitors: the one call the middleware makes (headers and tags). The purge
// route is answered by the Worker's own entry (src/worker.ts). See README "Edge cache".
import { applyCacheHeaders } from './headers';
import { pageCacheTags } from './tags';

interface EdgeCacheContext {
  request: Request;
  url: URL;
  locals: { user: unknown; shell?: { boards: { id: string; slug: string }[] }; cacheTags?: string[] };
}

/** Sets Cache-Control, Cache-Tag and Vary on a response from what was rendered and for whom. */
export function applyEdgeCache(context: EdgeCacheContext, response: Response, isPage: boolean): Response {
  return applyCacheHeaders(response, {
    method: context.request.method,
    signedIn: Boolean(context.locals.user),
    // A route that is no page may name its own tags (a protected file's: src/pages/files/).
    tags: context.locals.cacheTags ?? pageCacheTags(context.url.pathname, context.locals.shell?.boards),
    isPage,
  });
}
