// `npm run bench -- page-cost [--members N] [--staff] [--before DIR] [--base REV] [--rounds N] [--lighthouse N] [--serve] [path…]`: what one or a few public pages cost, for
// before/after comparisons while tuning them: uncached throughput and CPU per view (the Worker and
// PocketBase), the PocketBase requests one view makes (and how many round trips deep), and optionally N
// Lighthouse mobile runs with what the browser spends (islands hydrated, TBT, LCP and its element, the longest
// tasks). Defaults to the home page and `/p/bench`, the idea with 50 comments the bench makes (`/p/bench` in a path
// names it). `--members N`: as N signed-in members taking turns, each with their own cookie and a vote on that idea;
// with `--staff` they are moderators (staff's views of the same pages).
// `--before DIR`: a copy of an earlier build's dist/ measured beside this one against the same PocketBase, the
// two taking turns for `--rounds` rounds (3 with --before or --base, else 1), each figure the median of the rounds.
// `--base REV`: the "before" side runs another revision's PocketBase (its Go, hooks and migrations) on a second stack
// with the same bench data, so a change on the server is measured in the same run; with --before as well, that side
// is the earlier site against the earlier server, as it was deployed.
// `--serve` keeps the stack up afterwards (alone, it only serves).
import '../lib/require-node.mjs';
import { existsSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { startBareWorker } from '../lib/bare-worker.mjs';
import { formatCpuCost, measureCpuCost } from '../lib/bench/cpu-cost.mjs';
import { benchMembers, prepareBenchData } from '../lib/bench/data.mjs';
import { revisionTree } from '../lib/bench/revision-tree.mjs';
import { formatThroughput, measureThroughput } from '../lib/bench/throughput.mjs';
import { CONTAINER_ARGS, systemChromium } from '../lib/browser.mjs';
import { commandLine, positiveNumber, UsageError } from '../lib/cli.mjs';
import { connectAsSuperuser } from '../lib/configure-pocketbase.mjs';
import { describeRequests, startPocketBaseRequestLog, viewRequests } from '../lib/pocketbase-request-log.mjs';
import { freePorts } from '../lib/ports.mjs';
import { startStack } from '../lib/stack.mjs';

const { values, positionals } = commandLine({
  command: 'bench page-cost',
  file: import.meta.url,
  synopsis: '[--members N] [--staff] [--before DIR] [--base REV] [--rounds N] [--lighthouse N] [--serve] [path …]',
  positionals: true,
  options: {
    members: { type: 'string' },
    lighthouse: { type: 'string' },
    before: { type: 'string' },
    base: { type: 'string' },
    rounds: { type: 'string' },
    serve: { type: 'boolean', default: false },
    staff: { type: 'boolean', default: false },
  },
});
const lighthouseRuns = values.lighthouse === undefined ? 0 : positiveNumber(values.lighthouse, '--lighthouse');
const memberCount = values.members === undefined ? 0 : positiveNumber(values.members, '--members');
if (values.staff && memberCount === 0) throw new UsageError('--staff makes the --members N signed in staff.');
const serve = values.serve;
const beforeDir = values.before === undefined ? null : resolve(values.before);
if (beforeDir && !existsSync(join(beforeDir, 'server', 'wrangler.json')))
  throw new UsageError(`--before names a copy of dist/ (with server/wrangler.json); ${beforeDir} is not one.`);
const baseRevision = values.base;
const compared = Boolean(beforeDir || baseRevision);
const rounds = values.rounds === undefined ? (compared ? 3 : 1) : positiveNumber(values.rounds, '--rounds');
const badPath = positionals.find((path) => !path.startsWith('/'));
if (badPath) throw new UsageError(`A page is a path starting with / (got ${badPath}).`);
const BENCH_IDEA = '/p/bench';
const defaultPaths = ['/', BENCH_IDEA];
const givenPaths = positionals.length > 0 || serve ? positionals : defaultPaths;

const stacks = [];
/** A stack of its own (PocketBase on a temp folder, the mail catcher, the site), `pocketbaseTree`'s server if given. */
async function startOwnStack(pocketbaseTree) {
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-page-cost-'));
  const [sitePort, pbPort, smtpPort] = await freePorts(3);
  const started = await startStack({ dataDir, sitePort, pbPort, smtpPort, build: 'if-missing', pocketbaseTree });
  stacks.push({ stack: started, dataDir });
  return started;
}
const stack = await startOwnStack(undefined);
const stopWorkers = [];
let requestLog;
try {
  const members = memberCount > 0 ? await signInMembers(stack, memberCount) : await visitorsOf(stack);
  const baseStack = baseRevision ? await startOwnStack(revisionTree(baseRevision)) : stack;
  const baseMembers =
    baseStack === stack
      ? members
      : memberCount === 0
        ? await visitorsOf(baseStack)
        : await signInMembers(baseStack, memberCount);
  /** The page `path` names on one stack (each has its own bench idea). */
  const pathOn = (path, { idea }) => (idea ? path.replace(BENCH_IDEA, `/p/${idea}`) : path);
  const paths = givenPaths;
  const as = memberCount > 0 ? `, ${memberCount} ${values.staff ? 'staff' : 'members'}` : '';
  console.log(
    `load average ${loadavg()
      .map((l) => l.toFixed(1))
      .join(' ')}`,
  );
  // Uncached views go to the built Worker alone in workerd, as Cloudflare runs it (bench.mjs says why); with
  // --before, the earlier build's Worker beside it, against the same PocketBase and members (--base: the other
  // revision's PocketBase, with members of its own).
  const builds = [
    ...(compared ? [{ label: 'before', distDir: beforeDir ?? undefined, stack: baseStack, members: baseMembers }] : []),
    { label: compared ? 'after' : '', distDir: undefined, stack, members },
  ];
  for (const build of builds) {
    const on = build.stack;
    const bare = await startBareWorker({ pbUrl: on.pbUrl, proxySecret: on.proxySecret, distDir: build.distDir });
    stopWorkers.push(bare.stop);
    build.origin = bare.url;
    build.cpu = {
      sitePid: bare.pid,
      pocketbasePid: on.pocketbase().process.pid,
      proxySecret: on.proxySecret,
      cookies: build.members.cookies,
    };
  }
  const origin = builds.at(-1).origin;
  // What one view asks PocketBase: a second Worker, reaching PocketBase through a recording pass-through.
  for (const build of builds) {
    const { cookies } = build.members;
    requestLog = await startPocketBaseRequestLog(build.stack.pbUrl);
    const counted = await startBareWorker({
      pbUrl: requestLog.url,
      proxySecret: build.stack.proxySecret,
      distDir: build.distDir,
    });
    try {
      for (const path of paths.map((given) => pathOn(given, build.members))) {
        const label = `${build.label ? `${build.label} ` : ''}${path}`;
        const url = new URL(path, build.origin).href;
        const html = await (await fetch(url, { headers: cookies[0] ? { cookie: cookies[0] } : {} })).text();
        const islands = (html.match(/<astro-island/g) ?? []).length;
        console.log(`${label}: HTML ${(html.length / 1024).toFixed(1)} KB, ${islands} islands`);
        await viewRequests(requestLog, counted.url, path, cookies[1]);
        const { requests } = await viewRequests(requestLog, counted.url, path, cookies[0]);
        const { rounds: deep, lines } = describeRequests(requests);
        console.log(`${label}${as}: ${requests.length} PocketBase requests a view, ${deep} round trips deep`);
        for (const line of lines) console.log(line);
      }
    } finally {
      await counted.stop();
      await requestLog.stop();
      requestLog = undefined;
    }
  }
  // The builds take turns, path by path, so that a busy moment of the machine falls on both.
  const figures = new Map();
  for (let round = 1; round <= rounds; round++) {
    if (rounds > 1) console.log(`round ${round} of ${rounds}`);
    for (const path of paths) {
      for (const build of builds) {
        const label = `${build.label ? `${build.label} ` : ''}${path}${as}, uncached`;
        const url = new URL(pathOn(path, build.members), build.origin).href;
        const { cookies } = build.members;
        const throughput = await measureThroughput(url, { proxySecret: build.stack.proxySecret, cookies });
        const cost = await measureCpuCost(url, build.cpu);
        if (!figures.has(label)) figures.set(label, []);
        figures.get(label).push({ throughput, cost });
        console.log(formatThroughput(label, throughput));
        console.log(formatCpuCost(label, cost));
      }
    }
  }
  if (rounds > 1) {
    console.log(`median of ${rounds} rounds:`);
    for (const [label, runs] of figures) {
      console.log(formatThroughput(label, medians(runs.map((run) => run.throughput))));
      const costs = runs.map((run) => run.cost).filter(Boolean);
      console.log(formatCpuCost(label, costs.length > 0 ? medians(costs) : null));
    }
  }
  if (lighthouseRuns > 0) await runLighthouse(paths.map((path) => pathOn(path, members)));
  if (serve) {
    console.log(`serving ${stack.siteUrl} (the Worker alone: ${origin}); Ctrl-C stops`);
    await new Promise((resolve) => process.once('SIGINT', resolve));
  }
} finally {
  await requestLog?.stop();
  for (const stopWorker of stopWorkers) await stopWorker();
  for (const { stack: started, dataDir } of stacks) {
    await started.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** Each numeric field's median over `runs` (objects of the same shape). */
function medians(runs) {
  const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
  return Object.fromEntries(Object.keys(runs[0]).map((key) => [key, median(runs.map((run) => run[key]))]));
}

/** `count` bench members (tools/lib/bench/data.mjs), each signed in and voting on the idea with 50 comments
 * (moderators with --staff). */
async function signInMembers(on, count) {
  const admin = await connectAsSuperuser(on.pbUrl, on.superuser);
  const data = await prepareBenchData(admin, on.pbUrl, on.demoPassword);
  if (data.voters.length < count) throw new UsageError(`--members is at most ${data.voters.length}.`);
  const { cookies } = await benchMembers(admin, data, count, { staff: values.staff });
  return { cookies, idea: data.postWithComments };
}

/** Visitors (no cookie), with the bench's idea with 50 comments for `/p/bench`. */
async function visitorsOf(on) {
  const admin = await connectAsSuperuser(on.pbUrl, on.superuser);
  const data = await prepareBenchData(admin, on.pbUrl, on.demoPassword);
  return { cookies: [], idea: data.postWithComments };
}

async function runLighthouse(paths) {
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
