// The local stand-in for Cloudflare's edge in front of the Worker (`npm start`, e2e tests, bench):
// Workers Cache (Cache-Control, stale-while-revalidate, Vary, Cache-Tag, purge by tag) and compression.
// Cloudflare's real cache cannot run locally (workerd has no Workers Cache), so this applies the rules
// its docs state; static assets are compressed but not cached here, as Cloudflare serves them itself.
import { existsSync, statSync } from 'node:fs';
import { Agent, createServer, request as httpRequest } from 'node:http';
import { join } from 'node:path';
import { storagePolicy, variantKey } from './cache-rules.mjs';
import { chooseEncoding, encode } from './compression.mjs';
import { proxyUpgrades } from './websocket-proxy.mjs';

const MAX_ENTRIES = 5000;
/** Errors of a kept-alive socket closed by the origin before it took a request. */
const RESET_CODES = new Set(['ECONNRESET', 'EPIPE']);
const EDGE_ONLY_HEADERS = [
  'cloudflare-cdn-cache-control',
  'cache-tag',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
];

/**
 * @param {{ port: number, host?: string, originPort: number, controlPort: number, assetsDir: string }} options
 * @returns {Promise<{ url: string, purgeUrl: string, purge: (tags: string[]) => number, stop: () => Promise<void> }>}
 */
export async function startLocalEdge({ port, host = '127.0.0.1', originPort, controlPort, assetsDir }) {
  const agent = new Agent({ keepAlive: true, maxSockets: 64 });
  /** path+query → { vary: header names, variants: Map(the request's values of those → entry) } */
  const cache = new Map();
  const assetEncodings = new Map();
  const refreshing = new Set();

  const fromOrigin = (req, body, attempt = 0) =>
    new Promise((resolvePromise, reject) => {
      // Like Cloudflare, tell the Worker who the visitor is, so PocketBase rate-limits per visitor. (Unlike
      // Cloudflare, a header already present is kept: tests use it to act from several addresses.)
      const headers = {
        'cf-connecting-ip': req.socket.remoteAddress?.replace(/^::ffff:/, ''),
        ...req.headers,
        'accept-encoding': 'identity',
      };
      const upstream = httpRequest(
        { host: '127.0.0.1', port: originPort, method: req.method, path: req.url, headers, agent },
        (res) => {
          const chunks = [];
          res.on('data', (chunk) => chunks.push(chunk));
          res.on('end', () =>
            resolvePromise({ status: res.statusCode ?? 502, headers: res.headers, body: Buffer.concat(chunks) }),
          );
          res.on('error', reject);
        },
      );
      upstream.on('error', (error) => {
        // A kept-alive socket the origin closed just as it was reused never carried the request: send it
        // again, once, on a new socket (a 502 here failed a page's module graph for good).
        if (upstream.reusedSocket && attempt === 0 && RESET_CODES.has(error.code)) {
          fromOrigin(req, body, 1).then(resolvePromise, reject);
        } else reject(error);
      });
      if (body) upstream.end(body);
      else upstream.end();
    });

  const store = (req, response) => {
    const policy = storagePolicy(req, response);
    if (!policy.store) return false;
    const previous = cache.get(req.url);
    const sameVary = previous && previous.vary.join() === policy.vary.join();
    const slot = sameVary ? previous : { vary: policy.vary, variants: new Map() };
    slot.variants.set(variantKey(policy.vary, req.headers), {
      ...response,
      ...policy,
      storedAt: Date.now(),
      encoded: {},
    });
    cache.delete(req.url);
    cache.set(req.url, slot);
    if (cache.size > MAX_ENTRIES) cache.delete(cache.keys().next().value);
    return true;
  };

  const lookup = (req) => {
    const slot = cache.get(req.url);
    return slot?.variants.get(variantKey(slot.vary, req.headers)) ?? null;
  };

  const send = (req, res, response, status, entry) => {
    const headers = { ...response.headers };
    for (const name of EDGE_ONLY_HEADERS) delete headers[name];
    if (status) headers['cf-cache-status'] = status;
    let body = response.body;
    const encoding = chooseEncoding(req.headers['accept-encoding'], headers['content-type'], headers, body.length);
    if (encoding && response.status !== 304 && response.status !== 204) {
      const memo = entry?.encoded ?? assetMemo(req, response);
      body = memo?.[encoding] ?? encode(body, encoding);
      if (memo) memo[encoding] = body;
      headers['content-encoding'] = encoding;
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
    }
    headers['content-length'] = String(body.length);
    res.writeHead(response.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  // Hashed assets never change under one ETag: compress each once, as Cloudflare's edge keeps them.
  const assetMemo = (req, response) => {
    const etag = response.headers.etag;
    if (!etag || !isAsset(req.url)) return null;
    const key = `${req.url}|${etag}`;
    if (!assetEncodings.has(key)) assetEncodings.set(key, {});
    return assetEncodings.get(key);
  };
  const isAsset = (url) => {
    const path = decodeURIComponent(new URL(url, 'http://x').pathname);
    const file = join(assetsDir, path);
    return file.startsWith(assetsDir) && existsSync(file) && statSync(file).isFile();
  };

  const refresh = (req) => {
    if (refreshing.has(req.url)) return;
    refreshing.add(req.url);
    fromOrigin(req)
      .then((response) => store(req, response))
      .catch(() => {})
      .finally(() => refreshing.delete(req.url));
  };

  const server = createServer(async (req, res) => {
    try {
      const cacheable = (req.method === 'GET' || req.method === 'HEAD') && !req.headers.upgrade && !isAsset(req.url);
      if (!cacheable) {
        const chunks = [];
        for await (const chunk of req) chunks.push(chunk);
        const response = await fromOrigin(req, chunks.length ? Buffer.concat(chunks) : undefined);
        return send(req, res, response, isAsset(req.url) ? null : 'DYNAMIC');
      }
      const entry = lookup(req);
      if (entry) {
        const age = (Date.now() - entry.storedAt) / 1000;
        if (age < entry.ttl) return send(req, res, entry, 'HIT', entry);
        if (age < entry.ttl + entry.swr) {
          refresh(req);
          return send(req, res, entry, 'UPDATING', entry);
        }
      }
      const response = await fromOrigin(req);
      const stored = req.method === 'GET' && store(req, response);
      send(req, res, response, stored ? (entry ? 'EXPIRED' : 'MISS') : 'BYPASS');
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`Local edge: the Worker did not answer (${error.message}).`);
    }
  });

  const dropSockets = proxyUpgrades(server, originPort);

  /** Drops every cached variant carrying one of the tags (case-insensitive, as Cloudflare matches). */
  const purge = (tags) => {
    const wanted = new Set(tags.map((tag) => String(tag).toLowerCase()));
    let purged = 0;
    for (const [url, slot] of cache) {
      for (const [key, entry] of slot.variants) {
        if (entry.tags.some((tag) => wanted.has(tag))) {
          slot.variants.delete(key);
          purged += 1;
        }
      }
      if (slot.variants.size === 0) cache.delete(url);
    }
    return purged;
  };

  // The Worker's purge (where Cloudflare would run `cache.purge`) arrives here, on loopback only.
  const control = createServer(async (req, res) => {
    let tags = [];
    try {
      const chunks = [];
      for await (const chunk of req) chunks.push(chunk);
      tags = JSON.parse(Buffer.concat(chunks).toString()).tags;
    } catch {}
    if (req.method !== 'POST' || req.url !== '/purge' || !Array.isArray(tags)) {
      res.writeHead(400).end();
      return;
    }
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ purged: purge(tags) }));
  });

  const listen = (target, listenPort) =>
    new Promise((resolvePromise, reject) => {
      target.once('error', reject);
      target.listen(listenPort, target === control ? '127.0.0.1' : host, resolvePromise);
    });
  await listen(server, port);
  await listen(control, controlPort);
  const close = (target) =>
    new Promise((resolvePromise) => {
      target.closeAllConnections?.();
      target.close(() => resolvePromise());
    });
  return {
    url: `http://${host}:${port}`,
    purgeUrl: `http://127.0.0.1:${controlPort}/purge`,
    purge,
    stop: async () => {
      agent.destroy();
      dropSockets();
      await Promise.all([close(server), close(control)]);
    },
  };
}
