// The phases of `npm test` (tools/test.mjs), each an npm script, in the order they run, and the table of their
// times printed at the end of a run.

/** @type {{ name: string, script: string }[]} */
export const PHASES = [
  { name: 'browser', script: 'test:browser' },
  { name: 'PocketBase', script: 'pocketbase' },
  { name: 'Litestream', script: 'litestream' },
  { name: 'lint', script: 'lint' },
  { name: 'types', script: 'typecheck' },
  { name: 'Go', script: 'test:go' },
  { name: 'vitest', script: 'test:unit' },
  { name: 'docs build', script: 'docs:build' },
  { name: 'site build', script: 'build' },
  { name: 'sizes', script: 'size' },
  { name: 'Playwright', script: 'test:e2e' },
];

/** A duration for people: seconds under two minutes, else minutes with one decimal. */
export function formatDuration(seconds) {
  return seconds < 120 ? `${seconds.toFixed(1)} s` : `${(seconds / 60).toFixed(1)} min`;
}

/**
 * The phases run and their times, the failed one marked, and the total.
 * @param {{ name: string, seconds: number }[]} timings
 * @param {string | undefined} failed the name of the phase that failed, if one did
 */
export function formatPhaseTable(timings, failed) {
  const width = Math.max(...PHASES.map((phase) => phase.name.length), 'total'.length);
  const total = timings.reduce((sum, timing) => sum + timing.seconds, 0);
  const rows = timings.map(
    (timing) =>
      `  ${timing.name.padEnd(width)}  ${formatDuration(timing.seconds).padStart(9)}${timing.name === failed ? '  failed' : ''}`,
  );
  const skipped = PHASES.slice(timings.length).map(
    (phase) => `  ${phase.name.padEnd(width)}  ${'not run'.padStart(9)}`,
  );
  return [
    'npm test, where the time went:',
    ...rows,
    ...skipped,
    `  ${'total'.padEnd(width)}  ${formatDuration(total).padStart(9)}`,
  ].join('\n');
}
