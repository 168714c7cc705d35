// The phases of `npm test` (tools/test.mjs), each an npm script, in the order they run, and the table of their
// times printed at the end of a run.

/**
 * `beside`: the phase runs while the next one does. `astro check` keeps one core busy for half a minute; beside
 * vitest it costs the run about half that (both cores are busy in vitest), and it writes nothing vitest reads.
 * @type {{ name: string, script: string, beside?: boolean }[]}
 */
export const PHASES = [
  { name: 'browser', script: 'test:browser' },
  { name: 'PocketBase', script: 'pocketbase' },
  { name: 'Litestream', script: 'litestream' },
  { name: 'lint', script: 'lint' },
  { name: 'Go', script: 'test:go' },
  // Before vitest, whose stack and deploy files need the built site: one build, not one per file in a race.
  { name: 'site build', script: 'build' },
  { name: 'types', script: 'typecheck', beside: true },
  { name: 'vitest', script: 'test:unit' },
  { name: 'docs build', script: 'docs:build' },
  { name: 'sizes', script: 'size' },
  { name: 'Playwright', script: 'test:e2e' },
];

/**
 * What to print of a phase run beside another, once both are done: all of it when it failed; when it passed, only
 * its closing lines (astro check's "Result" block), so the next phase's own failure summary stays at the end of the
 * log, where a CI's tail shows it (stop 68's CI printed 180 lines of passing hints after vitest's failures).
 * @param {string} output the phase's held output, both streams in order
 * @param {number | null} status its exit status
 */
export function heldOutputToPrint(output, status) {
  if (status !== 0) return output;
  const lines = output.trimEnd().split('\n');
  const result = lines.findLastIndex((line) => /^Result \(/.test(line));
  return `${lines.slice(result >= 0 ? result : Math.max(0, lines.length - 4)).join('\n')}\n`;
}

/** A duration for people: seconds under two minutes, else minutes with one decimal. */
export function formatDuration(seconds) {
  return seconds < 120 ? `${seconds.toFixed(1)} s` : `${(seconds / 60).toFixed(1)} min`;
}

/**
 * The phases run and their times (one run beside another marked so), the failed one marked, and the total.
 * @param {{ name: string, seconds: number, beside?: string }[]} timings
 * @param {string | undefined} failed the name of the phase that failed, if one did
 * @param {number} [wall] the run's own time; without it, the phases' times added up (those run beside left out)
 */
export function formatPhaseTable(timings, failed, wall) {
  const width = Math.max(...PHASES.map((phase) => phase.name.length), 'total'.length);
  const total = wall ?? timings.reduce((sum, timing) => sum + (timing.beside ? 0 : timing.seconds), 0);
  const rows = timings.map(
    (timing) =>
      `  ${timing.name.padEnd(width)}  ${formatDuration(timing.seconds).padStart(9)}${timing.beside ? `  beside ${timing.beside}` : ''}${timing.name === failed ? '  failed' : ''}`,
  );
  const ran = new Set(timings.map((timing) => timing.name));
  const skipped = PHASES.filter((phase) => !ran.has(phase.name)).map(
    (phase) => `  ${phase.name.padEnd(width)}  ${'not run'.padStart(9)}`,
  );
  return [
    'npm test, where the time went:',
    ...rows,
    ...skipped,
    `  ${'total'.padEnd(width)}  ${formatDuration(total).padStart(9)}`,
  ].join('\n');
}
