// `npm run shots`: a screenshot of every page (tests/e2e/accessibility/every-page.spec.ts: every route, at 390 and
// 1280 px, in English, Arabic and Japanese, light and dark) and one HTML gallery of them for a person to look
// through, test-results/shots/index.html: a row per page, a column per combination. Runs that end-to-end sweep
// on its own stack (built if missing) and exits with its result; the gallery is written either way.
import './lib/require-node.mjs';
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { commandLine } from './lib/cli.mjs';

commandLine({ command: 'shots', file: import.meta.url });

const root = fileURLToPath(new URL('..', import.meta.url));
const shots = join(root, 'test-results/shots');
rmSync(shots, { recursive: true, force: true });

const run = spawnSync(
  process.execPath,
  [join(root, 'node_modules/@playwright/test/cli.js'), 'test', 'tests/e2e/accessibility/every-page.spec.ts'],
  { cwd: root, stdio: 'inherit', env: { ...process.env, CHORUS_SHOTS: shots } },
);

const htmlText = (text) =>
  text.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
const combinations = existsSync(shots)
  ? readdirSync(shots)
      .filter((name) => !name.includes('.'))
      .sort()
  : [];
const pages = [...new Set(combinations.flatMap((folder) => readdirSync(join(shots, folder))))].sort();
const cell = (folder, file) =>
  existsSync(join(shots, folder, file))
    ? `<td><a href="${folder}/${file}"><img src="${folder}/${file}" loading="lazy" alt="${htmlText(`${file} ${folder}`)}"></a></td>`
    : '<td>—</td>';
const rows = pages.map(
  (file) =>
    `<tr><th scope="row">/${htmlText(file.replace(/\.png$/, '').replaceAll('_', '/'))}</th>${combinations.map((folder) => cell(folder, file)).join('')}</tr>`,
);
writeFileSync(
  join(shots, 'index.html'),
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>Chorus: every page</title>
<style>body{font:14px system-ui;margin:1rem}table{border-collapse:collapse}th,td{border:1px solid #ccc;padding:4px;vertical-align:top}
thead th{position:sticky;top:0;background:#fff}img{width:160px;display:block}th[scope=row]{text-align:start;white-space:nowrap}</style>
<h1>Every page, ${pages.length} routes × ${combinations.length} combinations</h1>
<table><thead><tr><th>Page</th>${combinations.map((c) => `<th>${htmlText(c)}</th>`).join('')}</tr></thead>
<tbody>${rows.join('\n')}</tbody></table></html>\n`,
);
console.log(`Gallery: ${join(shots, 'index.html')} (${pages.length} pages × ${combinations.length} combinations)`);
process.exit(run.status ?? 1);
