// A recording pass-through in front of PocketBase: what a page view asks PocketBase for, counted at the wire
// (method, path, when each request started and ended), for the page-cost bench and the test that bounds it.
import { createServer, request as httpRequest } from 'node:http';
import { freePort } from './ports.mjs';

/**
 * Starts a proxy to `pbUrl` on a free port: `{ url, requests(), reset(), stop() }`. `requests()` lists what
 * passed since the last `reset()`, each `{ method, path, started, ended }` (ms, performance.now()).
 * @param {string} pbUrl
 */
export async function startPocketBaseRequestLog(pbUrl) {
  const target = new URL(pbUrl);
  /** @type {{ method: string, path: string, started: number, ended: number }[]} */
  let log = [];
  const server = createServer((incoming, outgoing) => {
    const entry = { method: incoming.method ?? 'GET', path: incoming.url ?? '/', started: performance.now(), ended: 0 };
    log.push(entry);
    const upstream = httpRequest(
      {
        host: target.hostname,
        port: target.port,
        method: incoming.method,
        path: incoming.url,
        headers: { ...incoming.headers, host: target.host },
      },
      (answer) => {
        outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(outgoing);
        answer.on('end', () => {
          entry.ended = performance.now();
        });
      },
    );
    upstream.on('error', () => outgoing.destroy());
    incoming.pipe(upstream);
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', () => resolve(undefined)));
  return {
    url: `http://127.0.0.1:${port}`,
    requests: () => [...log],
    reset: () => {
      log = [];
    },
    stop: () => new Promise((resolve) => server.close(() => resolve(undefined))),
  };
}

/**
 * One view of `path` from the Worker at `siteUrl` (which reaches PocketBase through `log`), as a browser holding
 * `cookie` (none: a visitor) gets it: its status, its HTML and what PocketBase was asked for it (the log is reset
 * first). The page-cost bench and the test that bounds a member's page both count a view this way.
 * @param {{ reset(): void, requests(): { method: string, path: string, started: number, ended: number }[] }} log
 * @param {string} siteUrl
 * @param {string} path
 * @param {string} [cookie]
 */
export async function viewRequests(log, siteUrl, path, cookie) {
  log.reset();
  const response = await fetch(new URL(path, siteUrl), { headers: cookie ? { cookie } : {} });
  const html = await response.text();
  return { status: response.status, html, requests: log.requests() };
}

/**
 * The requests as rounds: a request that starts after an earlier one ended waits on it (one more round trip),
 * so the number of rounds is the waterfall's depth. Each line: round, path, ms.
 * @param {{ method: string, path: string, started: number, ended: number }[]} requests
 */
export function describeRequests(requests) {
  const sorted = [...requests].sort((a, b) => a.started - b.started);
  const origin = sorted[0]?.started ?? 0;
  let round = 0;
  let roundEnd = -1;
  const lines = [];
  for (const r of sorted) {
    if (r.started >= roundEnd && roundEnd >= 0) round += 1;
    if (roundEnd < 0) round = 1;
    roundEnd = Math.max(roundEnd, r.ended);
    const at = `${(r.started - origin).toFixed(1)}–${(r.ended - origin).toFixed(1)} ms`;
    lines.push(`  round ${round}  ${at.padEnd(18)} ${r.method} ${decodeURIComponent(r.path).slice(0, 140)}`);
  }
  return { rounds: round, lines };
}
