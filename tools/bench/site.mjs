// `npm run bench` (or `npm run bench -- site`): prints the live and server-side speed figures the docs' architecture/budgets.md budgets. Never fails on time
// (machines are noisy); it fails only if something does not work at all.
import '../lib/require-node.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import { startBareWorker } from '../lib/bare-worker.mjs';
import { measureBrowserVoteLatency } from '../lib/bench/browser-votes.mjs';
import { formatCookieHits, measureCookieHits } from '../lib/bench/cookie-hits.mjs';
import { formatCpuCost, measureCpuCost } from '../lib/bench/cpu-cost.mjs';
import { prepareBenchData } from '../lib/bench/data.mjs';
import { voteToggle } from '../lib/bench/fan-out.mjs';
import { fanOutRows, printFanOut } from '../lib/bench/fan-out-rows.mjs';
import { measurePageTimes } from '../lib/bench/page-times.mjs';
import { startPreviewWorker } from '../lib/bench/preview-worker.mjs';
import { growIdeas } from '../lib/bench/scale.mjs';
import { measureStaffLists } from '../lib/bench/staff-lists.mjs';
import { formatThroughput, measureThroughput } from '../lib/bench/throughput.mjs';
import { workerdOrigin } from '../lib/bench/workerd-origin.mjs';
import { formatWriteTrace, runWriteTrace } from '../lib/bench/write-trace.mjs';
import { commandLine } from '../lib/cli.mjs';
import { connectAsSuperuser } from '../lib/configure-pocketbase.mjs';
import { goRuntimeEnv } from '../lib/pocketbase-server.mjs';
import { freePorts } from '../lib/ports.mjs';
import { startStack } from '../lib/stack.mjs';
import { summarize } from '../lib/stats.mjs';

commandLine({ command: 'bench site', file: import.meta.url });

const SCALE_IDEAS = Number(process.env.BENCH_SCALE_IDEAS ?? 10_000);
/** The write trace's length (`npm run bench -- writes --minutes N` runs it alone). */
const WRITE_MINUTES = Number(process.env.BENCH_WRITE_MINUTES ?? 10);
const dataDir = mkdtempSync(join(tmpdir(), 'chorus-bench-'));
const [sitePort, pbPort, smtpPort] = await freePorts(3);
const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, build: 'if-missing' });
let stopBareWorker;
let stopPreview;
try {
  const admin = await connectAsSuperuser(stack.pbUrl, stack.superuser);
  const data = await prepareBenchData(admin, stack.pbUrl, stack.demoPassword);
  const load = loadavg()
    .map((l) => l.toFixed(1))
    .join(' ');
  const gc = Object.entries(goRuntimeEnv())
    .map(([name, value]) => `${name}=${value}`)
    .join(' ');
  console.log(
    `Chorus benchmarks (loopback, this machine; load average ${load}; throughput at 10 connections; PocketBase ${gc})\n`,
  );

  const pages = [
    ['home', '/'],
    ['a board', `/b/${data.boardSlug}`],
    ['an idea page', `/p/${data.postWithComments}`],
    ['the roadmap', '/roadmap'],
  ];
  // The request a list page sends (src/features/ideas/posts-data.ts: trending order, no expand since a card's author is on
  // the idea, no count), at 30 ideas; and the plain list with its count, as PocketBase's list answers by
  // default, for comparison.
  const listQuery = new URLSearchParams({
    perPage: '30',
    filter: 'merged_into = ""',
    sort: '-pinned,-trending_score,-created',
    skipTotal: '1',
  });
  const postsLists = [
    ['PocketBase list of 30 ideas, as pages ask', `${stack.pbUrl}/api/collections/posts/records?${listQuery}`],
    ['PocketBase list of 30 ideas, counted', `${stack.pbUrl}/api/collections/posts/records?perPage=30&sort=-created`],
  ];
  const cpu = { sitePid: stack.sitePid, pocketbasePid: stack.pocketbase().process.pid, proxySecret: stack.proxySecret };
  for (const [label, url] of postsLists) {
    console.log(formatThroughput(label, await measureThroughput(url, { proxySecret: stack.proxySecret })));
    console.log(formatCpuCost(label, await measureCpuCost(url, { ...cpu, requests: 300 })));
  }
  // Uncached: the built Worker alone in workerd, as Cloudflare runs it (a second one without the local edge's page
  // cache behind it: every request renders). Home once more through what `astro preview` runs around the same Worker
  // (Miniflare's entry, assets router, outbound and log workers, then the preview's Node proxy), to show what
  // those local hops add. Cached: through the local edge, as a signed-out visitor reaches Cloudflare's Workers Cache.
  const bare = await startBareWorker({ pbUrl: stack.pbUrl, proxySecret: stack.proxySecret });
  stopBareWorker = bare.stop;
  const origin = bare.url;
  const workerCpu = { ...cpu, sitePid: bare.pid };
  const preview = await startPreviewWorker({ pbUrl: stack.pbUrl, proxySecret: stack.proxySecret });
  stopPreview = preview.stop;
  const miniflare = await workerdOrigin(preview.pid);
  const previewCpu = { ...cpu, sitePid: preview.pid };
  for (const [label, base] of [
    ['home, uncached, in Miniflare (astro preview)', miniflare],
    ['home, uncached, through the preview proxy', preview.url],
  ]) {
    if (!base) continue;
    const home = new URL('/', base).href;
    console.log(formatThroughput(label, await measureThroughput(home, { proxySecret: stack.proxySecret })));
    console.log(formatCpuCost(label, await measureCpuCost(home, previewCpu)));
  }
  await preview.stop();
  for (const [label, path] of pages) {
    console.log(
      formatThroughput(
        `${label}, uncached`,
        await measureThroughput(new URL(path, origin).href, { proxySecret: stack.proxySecret }),
      ),
    );
  }
  // CPU per uncached page view: comparable across runs even when the machine is busy with other work.
  for (const [label, path] of pages) {
    console.log(formatCpuCost(`${label}, uncached`, await measureCpuCost(new URL(path, origin).href, workerCpu)));
  }
  if (stack.originUrl) {
    for (const [label, path] of pages) {
      console.log(
        formatThroughput(
          `${label}, from the edge cache`,
          await measureThroughput(new URL(path, stack.siteUrl).href, { proxySecret: stack.proxySecret }),
        ),
      );
    }
    console.log(formatCookieHits(await measureCookieHits(stack.siteUrl, pages)));
  } else {
    console.log('pages from the edge cache: skipped (the local site has no edge cache)');
  }
  console.log('');

  const pageTimes = await measurePageTimes(origin, `/p/${data.postWithComments}`, 60);
  console.log(summarize('SSR idea page with 50 comments (response time)', pageTimes));

  await printFanOut(stack.pbUrl, fanOutRows(data.postWithComments), {
    write: await voteToggle(data),
    proxySecret: stack.proxySecret,
    pocketbasePid: stack.pocketbase().process.pid,
  });

  const browser = await measureBrowserVoteLatency(stack.siteUrl, data, 30);
  console.log(
    browser
      ? summarize('a vote in one browser shown in another', browser)
      : 'browser vote latency: skipped (no vote button on the idea page yet)',
  );

  if (stack.edgeStatsUrl && WRITE_MINUTES > 0) {
    const trace = await runWriteTrace({
      admin,
      siteUrl: stack.siteUrl,
      statsUrl: stack.edgeStatsUrl,
      voters: data.voters,
      minutes: WRITE_MINUTES,
    });
    console.log(`\n${formatWriteTrace(trace, WRITE_MINUTES)}`);
  }

  // At scale: the same list and pages with 10,000 ideas (every list order walks an index; nothing per view
  // should grow with the number of ideas).
  const grown = await growIdeas(admin, SCALE_IDEAS);
  console.log(`\nAt ${grown.count.toLocaleString('en')} ideas (added in ${grown.seconds.toFixed(0)} s):`);
  const [listLabel, listUrl] = postsLists[0];
  console.log(formatThroughput(listLabel, await measureThroughput(listUrl, { proxySecret: stack.proxySecret })));
  console.log(formatCpuCost(listLabel, await measureCpuCost(listUrl, { ...cpu, requests: 300 })));
  for (const [label, path] of pages.slice(0, 2)) {
    const url = new URL(path, origin).href;
    console.log(
      formatThroughput(`${label}, uncached`, await measureThroughput(url, { proxySecret: stack.proxySecret })),
    );
    console.log(formatCpuCost(`${label}, uncached`, await measureCpuCost(url, workerCpu)));
  }
  // Staff lists by score and revenue beside today's by votes, on their own PocketBase at 10,000 ideas and
  // 200,000 votes (issue #24).
  console.log('');
  for (const line of await measureStaffLists()) console.log(line);
} finally {
  await stopPreview?.();
  await stopBareWorker?.();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
