// Throughput of one URL under load (autocannon, 10 connections): req/s, p50/p95 latency, errors.
import autocannon from 'autocannon';
import { forwardedAddress } from '../../../src/lib/pb/client-address.mjs';
import { percentile } from '../stats.mjs';

let visitors = 0;

/**
 * Headers that make a request come from a new visitor, as a crowd would: the address Cloudflare gives the
 * Worker (CF-Connecting-IP), and the one the Worker names to PocketBase (in the header the proxy secret names). So the
 * figures measure serving, not PocketBase's per-address rate limiter throttling one benchmarking machine.
 */
export function newVisitor(proxySecret) {
  visitors += 1;
  return visitorHeaders(proxySecret, visitors);
}

/** The headers of visitor number `index` (below 2^24): 10.x.y.z. */
export function visitorHeaders(proxySecret, index) {
  const address = `10.${(index >> 16) & 255}.${(index >> 8) & 255}.${index & 255}`;
  return {
    'cf-connecting-ip': address,
    ...forwardedAddress(proxySecret, address),
  };
}

/** Each call the next of `cookies` (signed-in members, each their own), round the list; none without a list. */
export function cookieRotation(cookies = []) {
  let next = 0;
  return () => (cookies.length > 0 ? { cookie: cookies[next++ % cookies.length] } : {});
}

/**
 * @param {string} url
 * @param {{ connections?: number, seconds?: number, headers?: Record<string, string>, proxySecret?: string,
 *   cookies?: string[] }} [options] `cookies`: requests take turns with them (members, each their own cookie)
 */
export async function measureThroughput(
  url,
  { connections = 10, seconds = 6, headers = {}, proxySecret, cookies = [] } = {},
) {
  const member = cookieRotation(cookies);
  // Warm-up: the first requests pay for module loading and connection set-up.
  for (let i = 0; i < 5; i++) await (await fetch(url, { headers: { ...headers, ...member() } })).arrayBuffer();
  const latencies = [];
  const statuses = new Map();
  const instance = autocannon({
    url,
    connections,
    duration: seconds,
    headers,
    requests: [
      {
        setupRequest: (request) => ({
          ...request,
          headers: { ...request.headers, ...newVisitor(proxySecret), ...member() },
        }),
      },
    ],
  });
  instance.on('response', (_client, statusCode, _bytes, responseTime) => {
    latencies.push(responseTime);
    statuses.set(statusCode, (statuses.get(statusCode) ?? 0) + 1);
  });
  const result = await instance;
  const ok = statuses.get(200) ?? 0;
  return {
    requestsPerSecond: ok / seconds,
    p50: percentile(latencies, 50),
    p95: percentile(latencies, 95),
    p99: percentile(latencies, 99),
    errors: result.errors + result.timeouts + (latencies.length - ok),
  };
}

export function formatThroughput(label, { requestsPerSecond, p50, p95, errors }) {
  const rate = `${requestsPerSecond.toFixed(0)} req/s`.padStart(11);
  return `${label.padEnd(48)} ${rate}   p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   errors ${errors}`;
}
