// The edge fan-out rows: a vote reaching 0, 1,000, 10,000 and 19,500 live viewers of one idea through the
// Worker's sockets and Durable Objects (each viewer its own address, so the shards share the crowd), printed
// with PocketBase's CPU per vote (goal: the same at every size) and workerd's (the Worker and its objects).
import { loadavg } from 'node:os';
import { percentile, summarize } from '../stats.mjs';
import { measureFanOut } from './fan-out.mjs';

/**
 * 19,500, not 20,000: workerd holds one open file per socket, and a process here may hold 20,000. On
 * Cloudflare the sockets spread over the shards' machines.
 */
export const EDGE_VIEWERS = [0, 1000, 10_000, 19_500];

const load = () => `load ${loadavg()[0].toFixed(1)}`;
const ms = (v) => (Number.isNaN(v) ? '–' : `${v.toFixed(0)} ms`);

/** `originUrl`: the Worker itself (workerd), as Cloudflare's edge reaches it; viewers connect there. */
export async function printEdgeFanOut({
  originUrl,
  pbUrl,
  postId,
  write,
  pocketbasePid,
  sitePid,
  viewers,
  rounds = 10,
}) {
  const url = new URL('/live', originUrl);
  url.protocol = 'ws:';
  for (const subscribers of viewers ?? EDGE_VIEWERS) {
    const before = load();
    const { latencies, writes, cpu } = await measureFanOut(pbUrl, {
      topic: `idea:${postId}`,
      subscribers,
      rounds,
      write,
      pocketbasePid,
      sitePid,
      edgeUrl: url.href,
    });
    const delivery =
      subscribers > 0 ? summarize(`edge fan-out, ${subscribers} viewers`, latencies) : 'edge fan-out, 0 viewers';
    console.log(
      `${delivery}   vote request p50 ${ms(percentile(writes, 50))} p95 ${ms(percentile(writes, 95))}; ` +
        `CPU/vote PocketBase ${ms(cpu.pocketbaseMs)}, workerd ${ms(cpu.siteMs)}, client ${ms(cpu.clientMs)}   (${before} → ${load()})`,
    );
  }
}
