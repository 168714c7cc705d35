// `npm run bench -- page-cost [--lighthouse N] [--serve] [path…]`: what one or a few public pages cost, for
// before/after comparisons while tuning them: uncached throughput and CPU per view (the Worker and
// PocketBase), and optionally N Lighthouse mobile runs with what the browser spends (islands hydrated,
// TBT, LCP and its element, the longest tasks). Defaults to `/`. `--serve` keeps the stack up afterwards
// (alone, it only serves).
import '../lib/require-node.mjs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBareWorker } from '../lib/bare-worker.mjs';
import { formatCpuCost, measureCpuCost } from '../lib/bench/cpu-cost.mjs';
import { formatThroughput, measureThroughput } from '../lib/bench/throughput.mjs';
import { CONTAINER_ARGS, systemChromium } from '../lib/browser.mjs';
import { commandLine, positiveNumber, UsageError } from '../lib/cli.mjs';
import { freePorts } from '../lib/ports.mjs';
import { startStack } from '../lib/stack.mjs';

const { values, positionals } = commandLine({
  command: 'bench page-cost',
  file: import.meta.url,
  synopsis: '[--lighthouse N] [--serve] [path …]',
  positionals: true,
  options: { lighthouse: { type: 'string' }, serve: { type: 'boolean', default: false } },
});
const lighthouseRuns = values.lighthouse === undefined ? 0 : positiveNumber(values.lighthouse, '--lighthouse');
const serve = values.serve;
const badPath = positionals.find((path) => !path.startsWith('/'));
if (badPath) throw new UsageError(`A page is a path starting with / (got ${badPath}).`);
const paths = positionals.length > 0 || serve ? positionals : ['/'];

const dataDir = mkdtempSync(join(tmpdir(), 'chorus-page-cost-'));
const [sitePort, pbPort, smtpPort] = await freePorts(3);
const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, build: 'if-missing' });
let stopBareWorker;
try {
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  // Uncached views go to the built Worker alone in workerd, as Cloudflare runs it (bench.mjs says why).
  const bare = await startBareWorker({ pbUrl: stack.pbUrl, proxySecret: stack.proxySecret });
  stopBareWorker = bare.stop;
  const origin = bare.url;
  const cpu = { sitePid: bare.pid, pocketbasePid: stack.pocketbase().process.pid, proxySecret: stack.proxySecret };
  for (const path of paths) {
    const url = new URL(path, origin).href;
    const html = await (await fetch(url)).text();
    const islands = (html.match(/<astro-island/g) ?? []).length;
    console.log(`${path}: HTML ${(html.length / 1024).toFixed(1)} KB, ${islands} islands`);
    console.log(
      formatThroughput(`${path}, uncached`, await measureThroughput(url, { proxySecret: stack.proxySecret })),
    );
    console.log(formatCpuCost(`${path}, uncached`, await measureCpuCost(url, cpu)));
  }
  if (lighthouseRuns > 0) await runLighthouse();
  if (serve) {
    console.log(`serving ${stack.siteUrl} (the Worker alone: ${origin}); Ctrl-C stops`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
} finally {
  await stopBareWorker?.();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

async function runLighthouse() {
  const chrome = await chromeLauncher.launch({
    chromePath: systemChromium(),
    chromeFlags: ['--headless=new', ...CONTAINER_ARGS],
  });
  try {
    for (const path of paths) {
      const url = new URL(path, stack.siteUrl).href;
      await (await fetch(url)).arrayBuffer(); // in the edge cache, as most visitors get it
      for (let i = 0; i < lighthouseRuns; i++) {
        const { lhr } = await lighthouse(url, {
          port: chrome.port,
          output: 'json',
          logLevel: 'error',
          onlyCategories: ['performance'],
        });
        writeFileSync(join(tmpdir(), `page-cost-${path.replace(/\W+/g, '_')}-${i}.json`), JSON.stringify(lhr));
        console.log(`${path} lighthouse #${i + 1}: ${summarize(lhr)}`);
      }
    }
  } finally {
    chrome.kill();
  }
}

function summarize(lhr) {
  const audits = lhr.audits;
  const value = (id) => audits[id]?.displayValue ?? '?';
  const score = Math.round((lhr.categories.performance?.score ?? 0) * 100);
  const lcp = audits['lcp-breakdown-insight']?.details?.items ?? [];
  const lcpElement = lcp.find((item) => item.type === 'node')?.selector;
  const lcpParts = (lcp.find((item) => item.type === 'table')?.items ?? [])
    .map((part) => `${part.label} ${Math.round(part.duration)} ms`)
    .join(', ');
  const longTasks = (audits['long-tasks']?.details?.items ?? [])
    .slice(0, 4)
    .map((t) => `${Math.round(t.duration)}ms ${String(t.url).split('/').pop() || 'doc'}`)
    .join(', ');
  const mainThread = (audits['mainthread-work-breakdown']?.details?.items ?? [])
    .map((item) => `${item.group} ${Math.round(item.duration)}`)
    .join(', ');
  return [
    `score ${score}, FCP ${value('first-contentful-paint')}, LCP ${value('largest-contentful-paint')}, TBT ${value('total-blocking-time')}`,
    `  LCP element ${lcpElement ?? '?'} (${lcpParts})`,
    `  main thread: ${mainThread}`,
    `  long tasks: ${longTasks}`,
  ].join('\n');
}
