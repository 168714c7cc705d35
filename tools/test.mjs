// `npm test`: the one full proof, every phase in order (the browser, PocketBase and Litestream obtained, lint, types,
// Go, vitest, the docs and site builds, the byte budgets, Playwright), each timed; at the end, also when a phase
// fails, a table of where the time went (the docs' Tests page keeps the figures of a fresh clone).
import { spawnSync } from 'node:child_process';
import { commandLine } from './lib/cli.mjs';
import { formatPhaseTable, PHASES } from './lib/test-phases.mjs';

commandLine({ command: 'test', file: import.meta.url });

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const timings = [];
let failed;
for (const phase of PHASES) {
  const started = performance.now();
  const run = spawnSync(npm, ['run', phase.script], { stdio: 'inherit' });
  timings.push({ name: phase.name, seconds: (performance.now() - started) / 1000 });
  if (run.status !== 0) {
    failed = { name: phase.name, status: run.status ?? 1 };
    break;
  }
}
console.log(`\n${formatPhaseTable(timings, failed?.name)}`);
if (failed) {
  console.error(`npm test stopped: ${failed.name} failed.`);
  process.exit(failed.status);
}
