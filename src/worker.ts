// The Worker: Astro renders the site; beside it, the live edge (the /live sockets and their Durable Objects),
// PocketBase's publish, purge and Workers AI routes, answered before Astro's middleware (they are not pages), and the
// gateway in front of the cached pages' entrypoint (Workers Cache is off for this default entrypoint; visitors and
// verified plain members reach its copies, one per audience); and the email() handler Cloudflare Email Routing calls with ideas by email (src/features/inbound-email/).

import { WorkerEntrypoint } from 'cloudflare:workers';
import astro from '@astrojs/cloudflare/entrypoints/server';
import { type AiChatEnv, handleAiChatRequest } from './edge/ai-chat';
import { type AiEmbeddingsEnv, handleAiEmbeddingsRequest } from './edge/ai-embeddings';
import { type LiveEnv, LiveHub } from './edge/live-hub';
import { handleLiveRequest } from './edge/live-route';
import { afterUnreadBody } from './edge/local-request-drain';
import { type AudienceEnv, memberAudience } from './edge/member-audience';
import { handleOneClickUnsubscribe, ONE_CLICK_PATH, type OneClickEnv } from './edge/one-click-unsubscribe';
import {
  AUDIENCE_HEADER,
  type AudienceMember,
  fromPageCache,
  LOCAL_ADDRESS_HEADER,
  LOCAL_ENTRYPOINT_HEADER,
  LOCAL_HOST_HEADER,
  LOCAL_PROPS_HEADER,
  mayUsePageCache,
  type PageCacheProps,
  pageCacheRequest,
  SHELL_VERSION_HEADER,
  shellVersionNamed,
  VERIFIED_HEADER,
  WORKER_ONLY_HEADERS,
} from './edge/page-gateway';
import { handlePublishRequest, type PublishEnv } from './edge/publish';
import { enqueuePurge, PurgeQueue, purgeQueueStatus } from './edge/purge-queue';
import { type InboundEmailEnv, type InboundEmailMessage, receiveEmail } from './features/inbound-email/email-handler';
import { handlePurgeRequest, type PurgeResult, purgeTags } from './lib/edge-cache/purge';
import { audienceNamed } from './lib/pb/audience';
import { siteOriginRedirect } from './lib/site-origin';

export { LiveHub, PurgeQueue };

type Env = LiveEnv &
  PublishEnv &
  OneClickEnv &
  InboundEmailEnv &
  AiEmbeddingsEnv &
  AiChatEnv &
  AudienceEnv & { SITE_URL?: string };
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
  async fetch(received: Request, env: Env, ctx: { exports?: { CachedPages?: LoopbackFetcher } }): Promise<Response> {
    // Only the Worker names an audience, its shell version or a verified session to the middleware: nobody sends
    // them from outside.
    const request = WORKER_ONLY_HEADERS.some((name) => received.headers.has(name))
      ? withoutWorkerHeaders(received)
      : received;
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
      return renderWithAstro(withAudience(request, localProps(request)), env, ctx);
    }
    // Before the page cache, whose key has no host name: a page on another name of the site goes to the site's.
    const elsewhere = siteOriginRedirect(request, env.SITE_URL, url);
    if (elsewhere) return elsewhere;
    if (mayUsePageCache(request)) return throughPageCache(request, env, ctx, null);
    // A signed-in page view: one session check says whether the member audience's copy is theirs.
    const { member, verified } = await memberAudience(request, url, env);
    // The member's own render gets the session the gateway verified: one session check a view, whichever renders it.
    const own = () => (verified ? withHeader(request, VERIFIED_HEADER, verified()) : request);
    if (!member) return render(own(), env, ctx);
    const copy = await throughPageCache(request, env, ctx, member);
    // What the audience may not see but the member may (their own idea waiting for review): their own render.
    if (copy.status < 400) return copy;
    await copy.body?.cancel();
    return render(own(), env, ctx);
  },
};

/** The request with the cached entrypoint's audience and its shell version named for the middleware ('': none). */
function withAudience(request: Request, props: Partial<PageCacheProps> | undefined): Request {
  const audience = audienceNamed(props?.audience);
  const headers = new Headers(request.headers);
  setOrDelete(headers, AUDIENCE_HEADER, audience);
  setOrDelete(headers, SHELL_VERSION_HEADER, audience ? shellVersionNamed(props?.shell) : '');
  return new Request(request, { headers });
}

/** The request without any header only the Worker may set. */
function withoutWorkerHeaders(request: Request): Request {
  const headers = new Headers(request.headers);
  for (const name of WORKER_ONLY_HEADERS) headers.delete(name);
  return new Request(request, { headers });
}

/** The request with a header of the Worker's own set ('': removed). */
function withHeader(request: Request, name: string, value: string): Request {
  const headers = new Headers(request.headers);
  setOrDelete(headers, name, value);
  return new Request(request, { headers });
}

/** Sets a header of the Worker's own set ('': removes it). */
function setOrDelete(headers: Headers, name: string, value: string): void {
  if (value) headers.set(name, value);
  else headers.delete(name);
}

/** The props the local edge hands a miss (it strips that header from visitors' requests). */
function localProps(request: Request): Partial<PageCacheProps> {
  try {
    return JSON.parse(request.headers.get(LOCAL_PROPS_HEADER) ?? '{}') as Partial<PageCacheProps>;
  } catch {
    return {};
  }
}

/** An uncached render; locally, its request's body is read to the end before the answer (local-request-drain). */
async function render(request: Request, env: Env, ctx: unknown): Promise<Response> {
  const answer = await renderWithAstro(request, env, ctx);
  return env.LOCAL_EDGE_CACHE_URL ? afterUnreadBody(request, answer) : answer;
}

/** A signed-out GET, or a verified plain member's of a public page: the cached entrypoint answers it (on
 * Cloudflare through `ctx.exports`, cached there under the audience's props). */
async function throughPageCache(
  original: Request,
  env: Env,
  ctx: { exports?: { CachedPages?: LoopbackFetcher } },
  member: AudienceMember | null,
): Promise<Response> {
  const { request, props } = pageCacheRequest(original, member);
  if (env.LOCAL_EDGE_CACHE_URL) return fromPageCache(await viaLocalEdge(request, props, env.LOCAL_EDGE_CACHE_URL));
  const pages = ctx.exports?.CachedPages;
  if (!pages) return renderWithAstro(withAudience(request, props), env, ctx);
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
 * picked language and the audience: a member audience's copy is rendered as its principal, never as a person).
 * Purges must come from here too: they are scoped to the entrypoint that calls them.
 */
export class CachedPages extends WorkerEntrypoint<Env> {
  override fetch(request: Request): Promise<Response> {
    const props = (this.ctx as { props?: Partial<PageCacheProps> }).props;
    return renderWithAstro(withAudience(request, props), this.env, this.ctx);
  }

  /** RPC (never cached) from the purge queue: `ctx.cache.purge` where the runtime has it (Cloudflare). */
  purgeTags(tags: string[]): Promise<PurgeResult> {
    const scoped = (this.ctx as { cache?: { purge?(options: { tags: string[] }): Promise<PurgeResult> } }).cache;
    if (typeof scoped?.purge === 'function') return scoped.purge({ tags });
    return purgeTags(tags, this.env.LOCAL_EDGE_CACHE_URL);
  }
}
