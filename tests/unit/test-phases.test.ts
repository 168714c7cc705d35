// `npm test`'s phases (tools/lib/test-phases.mjs): each an npm script that exists, the order the README states, and
// the table at the end naming each phase's time, the one run beside another, the failed one and those not run.
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { formatDuration, formatPhaseTable, heldOutputToPrint, PHASES } from '../../tools/lib/test-phases.mjs';

const scripts: Record<string, string> = JSON.parse(readFileSync('package.json', 'utf8')).scripts;

describe('npm test’s phases', () => {
  it('are npm scripts that exist, the proof’s checks before its builds and Playwright last', () => {
    for (const phase of PHASES) expect(scripts[phase.script], phase.script).toBeTruthy();
    expect(scripts['test']).toBe('node tools/test.mjs');
    const order = PHASES.map((phase) => phase.script);
    expect(order.indexOf('lint')).toBeLessThan(order.indexOf('test:unit'));
    expect(order.indexOf('build')).toBeLessThan(order.indexOf('size'));
    // vitest's stack and deploy files find the site built: none of them builds it in a race with another.
    expect(order.indexOf('build')).toBeLessThan(order.indexOf('test:unit'));
    expect(order.at(-1)).toBe('test:e2e');
    // A phase run beside another has one after it to run beside, and never one that builds what it reads.
    PHASES.forEach((phase, i) => {
      if (phase.beside) expect(PHASES[i + 1]?.beside, phase.script).toBeFalsy();
    });
    expect(PHASES[order.indexOf('typecheck') + 1]?.script).toBe('test:unit');
  });

  it('marks a phase run beside another and counts the run’s own time, not the two added up', () => {
    const table = formatPhaseTable(
      [
        { name: 'Go', seconds: 3 },
        { name: 'types', seconds: 33, beside: 'vitest' },
        { name: 'vitest', seconds: 200 },
      ],
      'types',
      204,
    ).split('\n');
    expect(table[2]).toMatch(/^ {2}types +33\.0 s {2}beside vitest {2}failed$/);
    expect(table.at(-1)).toMatch(/^ {2}total +3\.4 min$/);
    expect(
      formatPhaseTable(
        [
          { name: 'types', seconds: 33, beside: 'vitest' },
          { name: 'vitest', seconds: 200 },
        ],
        undefined,
      )
        .split('\n')
        .at(-1),
    ).toMatch(/3\.3 min$/);
  });

  it('prints all of a phase run beside another when it failed, and only its closing result when it passed', () => {
    const hints = Array.from({ length: 200 }, (_, i) => `pb_hooks/file${i}.js - warning ts(80001)`).join('\n');
    const passed = `${hints}\nResult (1451 files): \n- 0 errors\n- 0 warnings\n- 274 hints\n\n`;
    expect(heldOutputToPrint(passed, 0)).toBe('Result (1451 files): \n- 0 errors\n- 0 warnings\n- 274 hints\n');
    const broken = `${hints}\nsrc/a.ts:1:1 - error ts(2322)\nResult (1451 files): \n- 1 errors\n`;
    expect(heldOutputToPrint(broken, 1)).toBe(broken);
    expect(heldOutputToPrint('one\ntwo\nthree\nfour\nfive\n', 0)).toBe('two\nthree\nfour\nfive\n');
  });

  it('prints each phase’s time, the failed one, those not run, and the total', () => {
    const table = formatPhaseTable(
      [
        { name: 'browser', seconds: 0.4 },
        { name: 'PocketBase', seconds: 300 },
        { name: 'Litestream', seconds: 12.25 },
      ],
      'Litestream',
    ).split('\n');
    expect(table[0]).toBe('npm test, where the time went:');
    expect(table[1]).toMatch(/^ {2}browser +0\.4 s$/);
    expect(table[2]).toMatch(/^ {2}PocketBase +5\.0 min$/);
    expect(table[3]).toMatch(/^ {2}Litestream +12\.3 s {2}failed$/);
    expect(table.filter((line) => line.endsWith('not run'))).toHaveLength(PHASES.length - 3);
    expect(table.at(-1)).toMatch(/^ {2}total +5\.2 min$/);
    expect(formatDuration(119.9)).toBe('119.9 s');
  });
});
