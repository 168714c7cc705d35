// `npm run test:changed`: the inner loop. Runs the unit and integration tests and the end-to-end specs of what this
// branch changed against main (committed or not): the test files changed themselves, every test of a concept a
// changed file belongs to (src/features/<concept>, pb_hooks/<concept>/, tests/<kind>/<concept>/… by name:
// tools/lib/changed-tests.mjs), and the unit tests that import a changed module (`vitest related`). The site is
// built first only when a spec runs and a changed file is newer than the build. `npm test` stays the one full proof.
// Options: --base <rev> (main unless given), --no-e2e (vitest only), --list (print the selection, run nothing).
import './lib/require-node.mjs';
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { selectTests } from './lib/changed-tests.mjs';
import { commandLine } from './lib/cli.mjs';

const { values } = commandLine({
  command: 'test:changed',
  file: import.meta.url,
  synopsis: '[--base <rev>] [--no-e2e] [--list]',
  options: { base: { type: 'string' }, 'no-e2e': { type: 'boolean' }, list: { type: 'boolean' } },
});

const root = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const git = (...args) =>
  execFileSync('git', args, { cwd: root, encoding: 'utf8' })
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);

const base = values.base ?? 'main';
const [mergeBase] = git('merge-base', base, 'HEAD');
const untracked = git('ls-files', '--others', '--exclude-standard');
const changed = [...new Set([...git('diff', '--name-only', mergeBase), ...untracked])].filter((file) =>
  existsSync(join(root, file)),
);
const testFiles = [...git('ls-files', 'tests'), ...untracked.filter((file) => file.startsWith('tests/'))];
const selection = selectTests(changed, testFiles);

console.log(`${changed.length} file(s) changed since ${base}; concepts: ${selection.concepts.join(', ') || 'none'}.`);
console.log(`vitest: ${selection.vitest.length} file(s) by name, plus the unit tests importing a changed module.`);
console.log(`Playwright: ${values['no-e2e'] ? 'skipped (--no-e2e)' : `${selection.e2e.length} spec(s)`}.`);
if (values.list) {
  for (const file of [...selection.vitest, ...selection.e2e]) console.log(`  ${file}`);
  process.exit(0);
}

const run = (command, args) => {
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) process.exit(result.status ?? 1);
};
const bin = (name) => join(root, 'node_modules', '.bin', name);

if (selection.vitest.length > 0 || selection.sources.length > 0) {
  run(bin('vitest'), ['related', '--run', '--passWithNoTests', ...selection.sources, ...selection.vitest]);
}

if (!values['no-e2e'] && selection.e2e.length > 0) {
  // The specs run against the built site: build again when a changed file the build reads is newer than it.
  const entry = join(root, 'dist', 'server', 'entry.mjs');
  const builtAt = existsSync(entry) ? statSync(entry).mtimeMs : 0;
  const buildReads = /^(src\/|public\/|locales\/|astro\.config\.mjs|wrangler\.toml|tools\/lib\/)/;
  if (changed.some((file) => buildReads.test(file) && statSync(join(root, file)).mtimeMs > builtAt)) {
    run('npm', ['run', 'build']);
  }
  run(bin('playwright'), ['test', ...selection.e2e]);
}
