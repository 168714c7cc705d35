// The Worker: Astro renders the site; beside it, the live edge (the /live sockets and their Durable Objects),
// PocketBase's publish, purge and Workers AI routes, answered before Astro's middleware (they are not pages), and the
// gateway in front of the cached pages' entrypoint (Workers Cache is off for this default entrypoint); and the
// email() handler Cloudflare Email Routing calls with ideas by email (src/features/inbound-email/).

import { WorkerEntrypoint } from 'cloudflare:workers';
import astro from '@astrojs/cloudflare/entrypoints/server';
import { type AiChatEnv, handleAiChatRequest } from './edge/ai-chat';
import { type AiEmbeddingsEnv, handleAiEmbeddingsRequest } from './edge/ai-embeddings';
import { type LiveEnv, LiveHub } from './edge/live-hub';
import { handleLiveRequest } from './edge/live-route';
import { afterUnreadBody } from './edge/local-request-drain';
import { handleOneClickUnsubscribe, ONE_CLICK_PATH, type OneClickEnv } from './edge/one-click-unsubscribe';
import {
  fromPageCache,
  LOCAL_ADDRESS_HEADER,
  LOCAL_ENTRYPOINT_HEADER,
  LOCAL_HOST_HEADER,
  LOCAL_PROPS_HEADER,
  mayUsePageCache,
  type PageCacheProps,
  pageCacheRequest,
} from './edge/page-gateway';
import { handlePublishRequest, type PublishEnv } from './edge/publish';
import { enqueuePurge, PurgeQueue, purgeQueueStatus } from './edge/purge-queue';
import { type InboundEmailEnv, type InboundEmailMessage, receiveEmail } from './features/inbound-email/email-handler';
import { handlePurgeRequest, type PurgeResult, purgeTags } from './lib/edge-cache/purge';
import { siteOriginRedirect } from './lib/site-origin';

export { LiveHub, PurgeQueue };

type Env = LiveEnv & PublishEnv & OneClickEnv & InboundEmailEnv & AiEmbeddingsEnv & AiChatEnv & { SITE_URL?: string };
type AstroFetch = (request: Request, env: Env, ctx: unknown) => Promise<Response>;
const renderWithAstro = astro.fetch as unknown as AstroFetch;

interface PageFetcher {
  fetch(request: Request): Promise<Response>;
}
/** `ctx.exports.CachedPages`: a loopback binding, called with props for a stub that carries them. */
type LoopbackFetcher = PageFetcher & ((options: { props: PageCacheProps }) => PageFetcher);

export default {
  email(message: InboundEmailMessage, env: Env): Promise<void> {
    return receiveEmail(message, env);
  },
  fetch(
    request: Request,
    env: Env,
    ctx: { exports?: { CachedPages?: LoopbackFetcher } },
  ): Promise<Response> | Response {
    const url = new URL(request.url);
    const { pathname } = url;
    if (pathname === '/live') return handleLiveRequest(request, env);
    if (pathname === '/edge/publish') return handlePublishRequest(request, env);
    if (pathname === '/edge/ai/v1/embeddings') return handleAiEmbeddingsRequest(request, env);
    if (pathname === '/edge/ai/v1/chat/completions') return handleAiChatRequest(request, env);
    if (pathname === ONE_CLICK_PATH && request.method === 'POST') return handleOneClickUnsubscribe(request, env);
    if (pathname === '/edge-cache/purge') {
      return handlePurgeRequest(request, {
        secret: env.EDGE_PURGE_SECRET,
        previous: env.EDGE_PURGE_SECRET_PREVIOUS,
        enqueue: (tags) => enqueuePurge(env, tags),
        status: () => purgeQueueStatus(env),
      });
    }
    // Locally only: the local edge's emulated entrypoint cache asking for a miss (see README "Edge cache").
    if (env.LOCAL_EDGE_CACHE_URL && request.headers.get(LOCAL_ENTRYPOINT_HEADER) === 'CachedPages') {
      return renderWithAstro(request, env, ctx);
    }
    // Before the page cache, whose key has no host name: a page on another name of the site goes to the site's.
    const elsewhere = siteOriginRedirect(request, env.SITE_URL, url);
    if (elsewhere) return elsewhere;
    if (!mayUsePageCache(request)) return render(request, env, ctx);
    return throughPageCache(request, env, ctx);
  },
};

/** An uncached render; locally, its request's body is read to the end before the answer (local-request-drain). */
async function render(request: Request, env: Env, ctx: unknown): Promise<Response> {
  const answer = await renderWithAstro(request, env, ctx);
  return env.LOCAL_EDGE_CACHE_URL ? afterUnreadBody(request, answer) : answer;
}

/** A signed-out GET: the cached entrypoint answers it (on Cloudflare through `ctx.exports`, cached there). */
async function throughPageCache(
  original: Request,
  env: Env,
  ctx: { exports?: { CachedPages?: LoopbackFetcher } },
): Promise<Response> {
  const { request, props } = pageCacheRequest(original);
  if (env.LOCAL_EDGE_CACHE_URL) return fromPageCache(await viaLocalEdge(request, props, env.LOCAL_EDGE_CACHE_URL));
  const pages = ctx.exports?.CachedPages;
  if (!pages) return renderWithAstro(request, env, ctx);
  return fromPageCache(await pages({ props }).fetch(request));
}

/** workerd has no Workers Cache: the local edge stands in for the cache in front of CachedPages. */
function viaLocalEdge(request: Request, props: PageCacheProps, localEdgeUrl: string): Promise<Response> {
  const url = new URL(request.url);
  const target = new URL(`/entrypoints/CachedPages${url.pathname}${url.search}`, localEdgeUrl);
  const headers = new Headers(request.headers);
  headers.set(LOCAL_PROPS_HEADER, JSON.stringify(props));
  headers.set(LOCAL_HOST_HEADER, url.host);
  headers.set(LOCAL_ADDRESS_HEADER, request.headers.get('cf-connecting-ip') ?? '');
  return fetch(target, { method: request.method, headers, redirect: 'manual' });
}

/**
 * The cached pages: Workers Cache sits in front of this entrypoint, keyed by path, query and `ctx.props` (the
 * visitor's picked language). Purges must come from here too: they are scoped to the entrypoint that calls them.
 */
export class CachedPages extends WorkerEntrypoint<Env> {
  override fetch(request: Request): Promise<Response> {
    return renderWithAstro(request, this.env, this.ctx);
  }

  /** RPC (never cached) from the purge queue: `ctx.cache.purge` where the runtime has it (Cloudflare). */
  purgeTags(tags: string[]): Promise<PurgeResult> {
    const scoped = (this.ctx as { cache?: { purge?(options: { tags: string[] }): Promise<PurgeResult> } }).cache;
    if (typeof scoped?.purge === 'function') return scoped.purge({ tags });
    return purgeTags(tags, this.env.LOCAL_EDGE_CACHE_URL);
  }
}
