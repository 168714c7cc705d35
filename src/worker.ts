// The Worker: Astro renders the site; beside it, the live edge (the /live sockets and their Durable Objects)
// and PocketBase's publish route, answered before Astro's middleware (they are not pages).
import astro from '@astrojs/cloudflare/entrypoints/server';
import { type LiveEnv, LiveHub } from './edge/live-hub';
import { handleLiveRequest } from './edge/live-route';
import { handlePublishRequest, type PublishEnv } from './edge/publish';

export { LiveHub };

type Env = LiveEnv & PublishEnv;
type AstroFetch = (request: Request, env: Env, ctx: unknown) => Promise<Response>;

export default {
  fetch(request: Request, env: Env, ctx: unknown): Promise<Response> | Response {
    const { pathname } = new URL(request.url);
    if (pathname === '/live') return handleLiveRequest(request, env);
    if (pathname === '/edge/publish') return handlePublishRequest(request, env);
    return (astro.fetch as unknown as AstroFetch)(request, env, ctx);
  },
};
