// `npm run lighthouse`: Lighthouse (mobile) scores for every public page of a seeded local Chorus, served
// as production serves it (compressed, signed-out pages from the edge cache): the median of 3 runs.
// Prints the figures; fails only when accessibility, best practices or SEO fall below 100
// (performance depends on the machine, so it is reported, never enforced).
import './lib/require-node.mjs';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { CONTAINER_ARGS, systemChromium } from './lib/browser.mjs';
import { commandLine } from './lib/cli.mjs';
import { freePorts } from './lib/ports.mjs';
import { startStack } from './lib/stack.mjs';

commandLine({ command: 'lighthouse', file: import.meta.url });

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const dataDir = mkdtempSync(join(tmpdir(), 'chorus-lighthouse-'));
const [sitePort, pbPort, smtpPort] = await freePorts(3);
const stack = await startStack({ dataDir, sitePort, pbPort, smtpPort, build: 'if-missing' });
const chrome = await chromeLauncher.launch({
  chromePath: systemChromium(),
  chromeFlags: ['--headless=new', ...CONTAINER_ARGS],
});
const RUNS = 3;
const failures = [];
try {
  console.log(`${'page'.padEnd(28)} ${CATEGORIES.map((c) => c.padStart(15)).join('')}`);
  for (const path of await publicPages(stack.pbUrl)) {
    // A visited public page is in the edge cache: measure that, as most visitors get it.
    await (await fetch(new URL(path, stack.siteUrl))).arrayBuffer();
    const runs = [];
    for (let i = 0; i < RUNS; i++) {
      const result = await lighthouse(new URL(path, stack.siteUrl).href, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      runs.push(result?.lhr);
    }
    // The median run by performance score, so its metrics belong together.
    runs.sort((a, b) => (a?.categories.performance?.score ?? 0) - (b?.categories.performance?.score ?? 0));
    const lhr = runs[Math.floor(runs.length / 2)];
    const scores = CATEGORIES.map((c) => Math.round((lhr?.categories[c]?.score ?? 0) * 100));
    const all = runs.map((run) => Math.round((run?.categories.performance?.score ?? 0) * 100)).join('/');
    console.log(
      `${path.padEnd(28)} ${scores.map((s) => String(s).padStart(15)).join('')}   ${metrics(lhr)} (runs ${all})`,
    );
    scores.slice(1).forEach((score, i) => {
      if (score < 100) failures.push(`${path}: ${CATEGORIES[i + 1]} ${score}`);
    });
  }
} finally {
  chrome.kill();
  await stack.stop();
  rmSync(dataDir, { recursive: true, force: true });
}
if (failures.length > 0) {
  console.error(`\nBelow 100:\n- ${failures.join('\n- ')}`);
  process.exit(1);
}

function metrics(lhr) {
  const audits = lhr?.audits ?? {};
  return ['first-contentful-paint', 'largest-contentful-paint', 'total-blocking-time', 'cumulative-layout-shift']
    .map(
      (id) =>
        `${id
          .split('-')
          .map((w) => w[0].toUpperCase())
          .join('')} ${audits[id]?.displayValue ?? '?'}`,
    )
    .join(', ');
}

async function publicPages(pbUrl) {
  const get = (path) => fetch(`${pbUrl}/api/collections/${path}`).then((r) => r.json());
  const [boards, posts, entries] = await Promise.all([
    get('boards/records?perPage=1&sort=position'),
    get('posts/records?perPage=1&sort=-vote_count'),
    get('changelog_entries/records?perPage=1&sort=-published_at'),
  ]);
  return [
    '/',
    boards.items?.[0] && `/b/${boards.items[0].slug}`,
    posts.items?.[0] && `/p/${posts.items[0].id}`,
    '/roadmap',
    '/changelog',
    entries.items?.[0] && `/changelog/${entries.items[0].slug}`,
  ].filter(Boolean);
}
