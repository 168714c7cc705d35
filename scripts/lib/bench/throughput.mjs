// Throughput of one URL under load (autocannon, 10 connections): req/s, p50/p95 latency, errors.
import autocannon from 'autocannon';
import { percentile } from '../stats.mjs';

/**
 * @param {string} url
 * @param {{ connections?: number, seconds?: number, headers?: Record<string, string> }} [options]
 */
export async function measureThroughput(url, { connections = 10, seconds = 6, headers = {} } = {}) {
  // Warm-up: the first requests pay for module loading and connection set-up.
  for (let i = 0; i < 5; i++) await (await fetch(url, { headers })).arrayBuffer();
  const latencies = [];
  const statuses = new Map();
  const instance = autocannon({ url, connections, duration: seconds, headers });
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
    errors: result.errors + result.timeouts + (latencies.length - ok),
  };
}

export function formatThroughput(label, { requestsPerSecond, p50, p95, errors }) {
  const rate = `${requestsPerSecond.toFixed(0)} req/s`.padStart(11);
  return `${label.padEnd(48)} ${rate}   p50 ${p50.toFixed(1).padStart(6)} ms   p95 ${p95.toFixed(1).padStart(6)} ms   errors ${errors}`;
}
