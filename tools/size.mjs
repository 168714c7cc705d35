// `npm run size`: gzip bytes of JavaScript and CSS each page loads up front, of the messages it embeds
// for its islands, of the idea page per language (same JS, each locale's messages), of the widget's loader
// and panel, and of the Worker bundle.
// Fails when a figure is over its budget (tools/lib/budgets.mjs; the docs' architecture/budgets.md states them).
import './lib/require-node.mjs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { SIZE_BUDGETS as BUDGET } from './lib/budgets.mjs';
import { commandLine } from './lib/cli.mjs';
import { measurePage, measureWidget } from './lib/page-weight.mjs';
import { freePorts } from './lib/ports.mjs';
import { startStack } from './lib/stack.mjs';

const KB = 1024;

commandLine({ command: 'size', file: import.meta.url });

const dataDir = mkdtempSync(join(tmpdir(), 'chorus-size-'));
const [sitePort, pbPort, smtpPort] = await freePorts(3);
// A copy of the tests' seeded template (lib/stack-template.mjs): the pages are measured on the same demo, without seeding it again.
const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, build: 'if-missing', fromTemplate: true });
const failures = [];
try {
  const pages = ['/', '/signin', '/signup', '/does-not-exist', ...(await samplePages(stack.pbUrl))];
  const cache = new Map();
  // JS loaded up front by a signed-out visitor, and by a signed-in member (islands waiting for a session
  // hydrate at once for them). The budget holds for both.
  console.log('page                              JS visitor (files)   JS member   CSS gzip   messages gzip');
  for (const path of pages) {
    const m = await measurePage(stack.siteUrl, path, cache);
    console.log(
      `${path.padEnd(32)} ${kb(m.jsBytes).padStart(12)} (${String(m.jsFiles).padStart(2)})   ${kb(m.jsBytesMember).padStart(9)}   ${kb(m.cssBytes).padStart(8)}   ${kb(m.i18nBytes).padStart(13)}`,
    );
    if (Math.max(m.jsBytes, m.jsBytesMember) > BUDGET.pageJs)
      failures.push(`${path}: JavaScript ${kb(Math.max(m.jsBytes, m.jsBytesMember))} > ${kb(BUDGET.pageJs)}`);
    if (m.cssBytes > BUDGET.pageCss) failures.push(`${path}: CSS ${kb(m.cssBytes)} > ${kb(BUDGET.pageCss)}`);
  }
  const ideaPath = pages.find((p) => p.startsWith('/p/'));
  if (ideaPath) failures.push(...(await reportIdeaPagePerLanguage(stack.siteUrl, ideaPath, cache)));
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

/**
 * The idea page as each language's reader gets it (a `chorus_lang` cookie): its JS is the same in every
 * locale, its embedded messages (JSON the islands read, not JavaScript) differ. Prints English and the
 * locale whose messages weigh most, for a signed-out visitor and a signed-in member, and returns the budget
 * failures: the budget is the JavaScript loaded up front (messages printed beside it).
 */
async function reportIdeaPagePerLanguage(siteUrl, path, cache) {
  const locales = readdirSync(new URL('../locales/', import.meta.url))
    .filter((f) => f.endsWith('.json'))
    .map((f) => f.slice(0, -'.json'.length));
  const measured = [];
  for (const locale of locales) {
    const m = await measurePage(siteUrl, path, cache, { headers: { cookie: `chorus_lang=${locale}` } });
    if (m.locale !== locale) throw new Error(`${path} with chorus_lang=${locale} answered in "${m.locale}"`);
    measured.push(m);
  }
  const english = measured.find((m) => m.locale === 'en');
  const largest = measured.reduce((a, b) => (b.i18nBytes > a.i18nBytes ? b : a));
  console.log(`\nIdea page per language (${locales.length} locales): JS gzip up front + messages gzip`);
  const failures = [];
  for (const m of english && english !== largest ? [english, largest] : [largest]) {
    const label = m === largest ? `${m.locale} (largest messages)` : m.locale;
    const both = (js) => `${kb(js)} + ${kb(m.i18nBytes)} = ${kb(js + m.i18nBytes)}`;
    console.log(`  ${label.padEnd(24)} visitor ${both(m.jsBytes)}; member ${both(m.jsBytesMember)}`);
    const js = Math.max(m.jsBytes, m.jsBytesMember);
    if (js > BUDGET.pageJs) failures.push(`${path} in ${m.locale}: JavaScript ${kb(js)} > ${kb(BUDGET.pageJs)}`);
  }
  return failures;
}

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
