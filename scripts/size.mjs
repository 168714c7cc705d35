// `npm run size`: gzip bytes of JavaScript and CSS each page loads up front, of the widget's loader and
// panel, and of the Worker bundle.
// Fails when a figure is over DESIGN.md's budgets.
import './lib/require-node.mjs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measurePage, measureWidget } from './lib/page-weight.mjs';
import { freePorts } from './lib/ports.mjs';
import { startStack } from './lib/stack.mjs';

const KB = 1024;
const BUDGET = { pageJs: 100 * KB, pageCss: 15 * KB, worker: 1024 * KB, widgetLoader: 5 * KB };

const dataDir = mkdtempSync(join(tmpdir(), 'chorus-size-'));
const [sitePort, pbPort, smtpPort] = await freePorts(3);
const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, build: 'if-missing' });
const failures = [];
try {
  const pages = ['/', '/signin', '/signup', '/does-not-exist', ...(await samplePages(stack.pbUrl))];
  const cache = new Map();
  console.log('page                              JS gzip (files)   CSS gzip');
  for (const path of pages) {
    const m = await measurePage(stack.siteUrl, path, cache);
    console.log(
      `${path.padEnd(32)} ${kb(m.jsBytes).padStart(9)} (${String(m.jsFiles).padStart(2)})   ${kb(m.cssBytes).padStart(8)}`,
    );
    if (m.jsBytes > BUDGET.pageJs) failures.push(`${path}: JavaScript ${kb(m.jsBytes)} > ${kb(BUDGET.pageJs)}`);
    if (m.cssBytes > BUDGET.pageCss) failures.push(`${path}: CSS ${kb(m.cssBytes)} > ${kb(BUDGET.pageCss)}`);
  }
  const widget = await measureWidget(stack.siteUrl, (await samplePages(stack.pbUrl))[0], cache);
  console.log(`\nWidget loader /widget.js: ${kb(widget.loader)} gzip (budget ${kb(BUDGET.widgetLoader)})`);
  console.log(
    `Widget panel ${widget.panel.path} (loads on first open): JS ${kb(widget.panel.jsBytes)}, CSS ${kb(widget.panel.cssBytes)}`,
  );
  if (widget.loader > BUDGET.widgetLoader)
    failures.push(`widget loader ${kb(widget.loader)} > ${kb(BUDGET.widgetLoader)}`);
  if (widget.panel.jsBytes > BUDGET.pageJs) failures.push(`widget panel: JavaScript ${kb(widget.panel.jsBytes)}`);
  if (widget.panel.cssBytes > BUDGET.pageCss) failures.push(`widget panel: CSS ${kb(widget.panel.cssBytes)}`);
} finally {
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}

const worker = workerGzipBytes();
console.log(`\nWorker bundle (wrangler deploy --dry-run): ${kb(worker)} gzip (budget ${kb(BUDGET.worker)})`);
if (worker > BUDGET.worker) failures.push(`Worker bundle ${kb(worker)} > ${kb(BUDGET.worker)}`);

if (failures.length > 0) {
  console.error(`\nOver budget:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}
console.log('All within budget.');

/** A board page and an idea page from the seeded demo, when they exist. */
async function samplePages(pbUrl) {
  const paths = [];
  const boards = await fetch(`${pbUrl}/api/collections/boards/records?perPage=1&sort=position`).then((r) => r.json());
  if (boards.items?.[0]) paths.push(`/b/${boards.items[0].slug}`);
  const posts = await fetch(`${pbUrl}/api/collections/posts/records?perPage=1&sort=-vote_count`).then((r) => r.json());
  if (posts.items?.[0]) paths.push(`/p/${posts.items[0].id}`);
  return paths;
}

function workerGzipBytes() {
  const outdir = mkdtempSync(join(tmpdir(), 'chorus-worker-'));
  const result = spawnSync(
    process.execPath,
    ['node_modules/wrangler/bin/wrangler.js', 'deploy', '--dry-run', '--outdir', outdir],
    {
      encoding: 'utf8',
      env: { ...process.env, WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
    },
  );
  rmSync(outdir, { recursive: true, force: true });
  const match = /gzip:\s*([\d.]+)\s*KiB/.exec(result.stdout + result.stderr);
  if (!match) throw new Error(`wrangler deploy --dry-run printed no size:\n${result.stdout}${result.stderr}`);
  return Math.round(Number(match[1]) * KB);
}

function kb(bytes) {
  return `${(bytes / KB).toFixed(1)} KB`;
}
