// The deploying page's table of abuse limits cannot drift from pb_hooks/platform/limits.js: every counter that
// counts (max > 0) has its row, named in backticks, with its number and window as LIMITS holds them, and every
// test file the table says proves a limit at its number exists.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { ROOT } from '../../tools/lib/docs-truth.mjs';

type Limits = Record<string, { max: number; window: number }>;

/** LIMITS as PocketBase's JS VM builds it: the file run with its one require and __hooks stood in for. */
function limitsOfTheCode(): Limits {
  const source = readFileSync(join(ROOT, 'pb_hooks/platform/limits.js'), 'utf8');
  const module = { exports: {} as { LIMITS?: Limits } };
  runInNewContext(source, { module, __hooks: '', require: () => ({ refusalText: (key: string) => key }) });
  return module.exports.LIMITS ?? {};
}

const PAGE = 'docs/src/content/docs/operate/deploying.md';

/** The table's rows under "Abuse limits": cells, trimmed, header and rule left out. */
function tableRows(page: string): string[][] {
  const section = page.slice(page.indexOf('## Abuse limits'));
  const table = section.slice(section.indexOf('\n|'), section.indexOf('\n\n', section.indexOf('\n|')));
  return table
    .trim()
    .split('\n')
    .slice(2)
    .map((line) =>
      line
        .slice(1, -1)
        .split('|')
        .map((cell) => cell.trim()),
    );
}

const UNITS: Record<string, number> = { second: 1, s: 1, minute: 60, minutes: 60, hour: 3600, hours: 3600, day: 86400 };

/** "20 per 10 minutes" → { max: 20, window: 600 }; null when the cell says no number this way. */
function numberOf(cell: string): { max: number; window: number } | null {
  const match = /^(\d[\d,]*) per (?:(\d+) )?(second|s|minutes?|hours?|day)$/.exec(cell);
  if (!match) return null;
  const [, max = '', count = '1', unit = ''] = match;
  return { max: Number(max.replace(/,/g, '')), window: Number(count) * (UNITS[unit] ?? Number.NaN) };
}

describe('the deploying page’s table of limits', () => {
  const rows = tableRows(readFileSync(join(ROOT, PAGE), 'utf8'));

  it('lists every limit of pb_hooks/platform/limits.js that counts, with its number and window', () => {
    const limits = limitsOfTheCode();
    expect(Object.keys(limits).length).toBeGreaterThan(30);
    const wrong: string[] = [];
    for (const [name, { max, window }] of Object.entries(limits)) {
      if (max === 0) continue; // a marker (known-address, password-cleared), named in the prose below the table
      const row = rows.find((cells) => cells[0]?.startsWith(`\`${name}\``));
      if (!row) {
        wrong.push(`${name}: no row`);
        continue;
      }
      const said = numberOf(row[2] ?? '');
      if (said?.max !== max || said.window !== window)
        wrong.push(`${name}: "${row[2]}", the code ${max} per ${window} s`);
    }
    expect(wrong).toEqual([]);
  });

  it('names only limits the code has, each once', () => {
    const limits = limitsOfTheCode();
    const named = rows
      .filter((cells) => cells[3] === '`pb_hooks/platform/limits.js`')
      .map((cells) => /^`([a-z-]+)`/.exec(cells[0] ?? '')?.[1] ?? cells[0]);
    expect(named.filter((name) => !(String(name) in limits))).toEqual([]);
    expect(named.length).toBe(new Set(named).size);
  });

  it('says for every row which test proves it at its number, and that test file exists', () => {
    expect(rows.length).toBeGreaterThan(30);
    const missing = rows
      .map((cells) => [cells[0], /^`(tests\/[\w./-]+\.test\.ts)`$/.exec(cells[4] ?? '')?.[1]] as const)
      .filter(([, file]) => !file || !existsSync(join(ROOT, file)));
    expect(missing).toEqual([]);
  });

  it('reads a number and its window as the table writes them', () => {
    expect(numberOf('20 per 10 minutes')).toEqual({ max: 20, window: 600 });
    expect(numberOf('3 per day')).toEqual({ max: 3, window: 86400 });
    expect(numberOf('1 per 2 hours')).toEqual({ max: 1, window: 7200 });
    expect(numberOf('120 per minute')).toEqual({ max: 120, window: 60 });
    expect(numberOf('its own, per minute (default 600)')).toBeNull();
  });
});
