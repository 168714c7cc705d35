// The local stand-in for Cloudflare's edge in front of the Worker (`npm start`, e2e tests, bench), as
// production is configured (wrangler.toml): no cache in front of the default entrypoint (the gateway in
// src/worker.ts), Workers Cache in front of the CachedPages entrypoint the gateway calls, purge by tag within
// Cloudflare's purge rate limit, and compression. Cloudflare's real cache cannot run locally (workerd has no
// Workers Cache), so this applies the rules its docs state; static assets are compressed but not cached here.
import { createHash } from 'node:crypto';
import { existsSync, statSync } from 'node:fs';
import { createServer } from 'node:http';
import { join } from 'node:path';
import { hostAllowed } from './allowed-hosts.mjs';
import { chooseEncoding, encode } from './compression.mjs';
import { entrypointCache } from './entrypoint-cache.mjs';
import { originClient, readBody } from './origin.mjs';
import { purgeLimiter } from './purge-limit.mjs';
import { proxyUpgrades } from './websocket-proxy.mjs';

const EDGE_ONLY_HEADERS = [
  'cloudflare-cdn-cache-control',
  'cache-tag',
  'content-length',
  'transfer-encoding',
  'connection',
  'keep-alive',
];
/** Set only by the Worker's gateway on its (local) loopback call; a visitor's copies are dropped. */
const LOOPBACK_HEADERS = [
  'x-chorus-entrypoint',
  'x-chorus-entrypoint-props',
  'x-chorus-entrypoint-host',
  'x-chorus-entrypoint-address',
];
/**
 * What a visitor says about the address they asked for: Cloudflare sets X-Forwarded-Proto itself (the scheme the
 * visitor really used) and passes none of the others on as the visitor wrote them. workerd's dev entry (Miniflare)
 * would build the Worker's request URL from X-Forwarded-Proto and MF-Original-URL, so a visitor's copy could
 * write another address into a page the cache keeps for everyone: each is dropped, and the proto is the edge's.
 */
const VISITOR_ADDRESS_HEADERS =
  /^(x-forwarded-(proto|host|port|scheme|ssl)|forwarded|x-original-url|x-rewrite-url|mf-.*)$/i;
const ENTRYPOINT_PATH = /^\/entrypoints\/([A-Za-z]+)(\/.*)$/;
const MEMO_ENTRIES = 2000;

/**
 * `siteHost`: the site's host name, which reaches the Worker besides loopback names and IP addresses.
 * @param {{ port: number, host?: string, originPort: number, controlPort: number, assetsDir: string,
 *   purgeBudget?: { burst?: number | string, perMinute?: number | string }, siteHost?: string }} options
 */
export async function startLocalEdge({
  port,
  host = '127.0.0.1',
  originPort,
  controlPort,
  assetsDir,
  purgeBudget,
  siteHost,
}) {
  const origin = originClient(originPort);
  const limiter = purgeLimiter(purgeBudget);
  const encodedMemo = new Map();

  // Cloudflare runs the entrypoint on a miss: here, the Worker's gateway hands the call over to workerd.
  const pages = entrypointCache(({ method, url, headers, entrypoint, props }) => {
    const upstream = { ...headers, 'x-chorus-entrypoint': entrypoint, 'x-chorus-entrypoint-props': props };
    return origin.fetch({ method, path: url, headers: upstream });
  });

  const send = (req, res, response, status) => {
    const headers = { ...response.headers };
    for (const name of EDGE_ONLY_HEADERS) delete headers[name];
    if (status) headers['cf-cache-status'] = status;
    let body = response.body;
    const encoding = chooseEncoding(req.headers['accept-encoding'], headers['content-type'], headers, body.length);
    if (encoding && response.status !== 304 && response.status !== 204) {
      body = compressed(body, encoding);
      headers['content-encoding'] = encoding;
      headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : 'Accept-Encoding';
    }
    headers['content-length'] = String(body.length);
    res.writeHead(response.status, headers);
    res.end(req.method === 'HEAD' ? undefined : body);
  };

  // Cloudflare keeps compressed copies; compressing each identical body once keeps the bench honest.
  const compressed = (body, encoding) => {
    const key = `${encoding}:${createHash('sha1').update(body).digest('base64')}`;
    let value = encodedMemo.get(key);
    if (!value) {
      value = encode(body, encoding);
      encodedMemo.set(key, value);
      if (encodedMemo.size > MEMO_ENTRIES) encodedMemo.delete(encodedMemo.keys().next().value);
    }
    return value;
  };

  const isAsset = (url) => {
    const path = decodeURIComponent(new URL(url, 'http://x').pathname);
    const file = join(assetsDir, path);
    return file.startsWith(assetsDir) && existsSync(file) && statSync(file).isFile();
  };

  // The front door: the default entrypoint is not cached; a page's cache status is the one its loopback call
  // to CachedPages met (the Worker passes it on), else DYNAMIC.
  const server = createServer(async (req, res) => {
    if (!hostAllowed(req.headers.host, siteHost)) {
      res.writeHead(403, { 'content-type': 'text/plain' });
      res.end('This host name does not reach the site.');
      return;
    }
    try {
      const headers = { 'cf-connecting-ip': req.socket.remoteAddress?.replace(/^::ffff:/, ''), ...req.headers };
      for (const name of LOOPBACK_HEADERS) delete headers[name];
      for (const name of Object.keys(headers)) if (VISITOR_ADDRESS_HEADERS.test(name)) delete headers[name];
      headers['x-forwarded-proto'] = 'http';
      headers['accept-encoding'] = 'identity';
      const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await readBody(req);
      const response = await origin.fetch({ method: req.method, path: req.url, headers, body });
      const status = isAsset(req.url) ? null : (response.headers['cf-cache-status'] ?? 'DYNAMIC');
      send(req, res, response, status);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' });
      res.end(`Local edge: the Worker did not answer (${error.message}).`);
    }
  });

  const dropSockets = proxyUpgrades(server, originPort);

  // Loopback only: the Worker's purges (where Cloudflare would run `cache.purge`), its calls to the cached
  // entrypoint (where Cloudflare's cache would sit), and the counts for tests and the bench.
  const control = createServer(async (req, res) => {
    const entrypoint = ENTRYPOINT_PATH.exec(req.url ?? '');
    if (entrypoint) return answerEntrypoint(req, res, entrypoint[1], entrypoint[2]);
    if (req.method === 'GET' && req.url === '/stats') {
      const body = { ...limiter.stats, tokens: limiter.tokens(), budget: limiter.budget };
      return res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(body));
    }
    let tags;
    try {
      tags = JSON.parse(String(await readBody(req))).tags;
    } catch {}
    if (req.method !== 'POST' || req.url !== '/purge' || !Array.isArray(tags)) return res.writeHead(400).end();
    const admitted = limiter.admit(tags.length);
    if (!admitted.allowed) {
      const retry = admitted.retryAfter ? { 'retry-after': String(admitted.retryAfter) } : {};
      return res
        .writeHead(admitted.status, { 'content-type': 'application/json', ...retry })
        .end(JSON.stringify(admitted.body));
    }
    const purged = pages.purge(tags);
    res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ success: true, purged }));
  });

  const answerEntrypoint = async (req, res, name, url) => {
    try {
      const headers = { ...req.headers, host: req.headers['x-chorus-entrypoint-host'] ?? req.headers.host };
      const props = String(headers['x-chorus-entrypoint-props'] ?? '');
      // The visitor's address, as Cloudflare names it to the cached entrypoint (PocketBase counts per visitor).
      const address = headers['x-chorus-entrypoint-address'];
      if (address) headers['cf-connecting-ip'] = address;
      for (const name of LOOPBACK_HEADERS) delete headers[name];
      const response = await pages.fetch({ entrypoint: name, props, method: req.method ?? 'GET', url, headers });
      const out = { ...response.headers, 'cf-cache-status': response.cacheStatus };
      delete out['content-length'];
      delete out['transfer-encoding'];
      delete out.connection;
      delete out['keep-alive'];
      out['content-length'] = String(response.body.length);
      res.writeHead(response.status, out);
      res.end(req.method === 'HEAD' ? undefined : response.body);
    } catch (error) {
      res.writeHead(502, { 'content-type': 'text/plain' }).end(`Local edge: CachedPages did not answer (${error}).`);
    }
  };

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
    statsUrl: `http://127.0.0.1:${controlPort}/stats`,
    purge: (tags) => pages.purge(tags),
    stats: () => ({ ...limiter.stats }),
    stop: async () => {
      origin.destroy();
      dropSockets();
      await Promise.all([close(server), close(control)]);
    },
  };
}
