// `npm run docs:build`: builds the docs site (Starlight, in docs/) to docs/dist with offline search: first writes
// its generated page (the write chains, read from pb_hooks/), then builds, then fails on any internal link or
// anchor that does not resolve.
import './lib/require-node.mjs';
import { spawnSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { commandLine } from './lib/cli.mjs';
import { brokenLinks } from './lib/doc-links.mjs';
import { chainsMarkdown, chainsPage } from './lib/hook-chains.mjs';

commandLine({ command: 'docs:build', file: import.meta.url });

writeFileSync(chainsPage, chainsMarkdown());
const astro = fileURLToPath(new URL('../node_modules/astro/bin/astro.mjs', import.meta.url));
const built = spawnSync(process.execPath, [astro, 'build', '--root', 'docs'], {
  stdio: 'inherit',
  env: { ...process.env, ASTRO_TELEMETRY_DISABLED: '1' },
});
if (built.status !== 0) throw new Error(`astro build --root docs exited ${built.status}`);
const broken = brokenLinks();
if (broken.length) {
  console.error(`${broken.length} broken link(s) in the docs site:\n${broken.join('\n')}`);
  process.exit(1);
}
console.log('Docs site built in docs/dist; every internal link resolves.');
