// `npm test`: the one full proof, every phase in order (the browser, PocketBase and Litestream obtained, lint, Go,
// types beside vitest, the docs and site builds, the byte budgets, Playwright), each timed; at the end, also when a
// phase fails, a table of where the time went (the docs' Tests page keeps the figures of a fresh clone).
import { spawn } from 'node:child_process';
import { commandLine } from './lib/cli.mjs';
import { formatPhaseTable, heldOutputToPrint, PHASES } from './lib/test-phases.mjs';

commandLine({ command: 'test', file: import.meta.url });

const npm = process.platform === 'win32' ? 'npm.cmd' : 'npm';
const runStarted = performance.now();
const timings = [];
let failed;
/** A phase marked `beside` runs while the next one does, its output held until both are done (all of it if it failed). */
let beside;
for (const phase of PHASES) {
  if (phase.beside) {
    beside = { phase, run: run(phase, { quiet: true }) };
    continue;
  }
  const ran = await run(phase);
  if (beside) {
    const alongside = await beside.run;
    process.stdout.write(
      `\n${beside.phase.name}, run beside ${phase.name}:\n${heldOutputToPrint(alongside.output, alongside.status)}`,
    );
    record(beside.phase, alongside, phase.name);
    beside = undefined;
  }
  record(phase, ran);
  if (failed) break;
}
console.log(`\n${formatPhaseTable(timings, failed?.name, (performance.now() - runStarted) / 1000)}`);
if (failed) {
  console.error(`npm test stopped: ${failed.name} failed.`);
  process.exit(failed.status);
}

function record(phase, { seconds, status }, besideName) {
  timings.push({ name: phase.name, seconds, beside: besideName });
  if (status !== 0 && !failed) failed = { name: phase.name, status: status ?? 1 };
}

/** Runs a phase's npm script; `quiet` keeps its output (both streams, in order) to print later. */
function run(phase, { quiet = false } = {}) {
  const started = performance.now();
  return new Promise((resolve) => {
    const child = spawn(npm, ['run', phase.script], { stdio: quiet ? ['ignore', 'pipe', 'pipe'] : 'inherit' });
    let output = '';
    child.stdout?.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr?.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (status) => resolve({ status, output, seconds: (performance.now() - started) / 1000 }));
  });
}
