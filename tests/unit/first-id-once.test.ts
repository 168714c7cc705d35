// "The first id an SQL query finds, or null" is written once in the hooks, firstIdOrNull in
// pb_hooks/platform/records.js (beside firstRecordOrNull, its filter form): no other hook reads the rows of an
// `{ id }` query only to ask whether there is one or to take the first (read by hand or by rowsOf).
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../', import.meta.url));
const HOME = 'pb_hooks/platform/records.js';
// An `{ id }` rows list, read by platform/sql-rows.js's rowsOf (the shape within its call's statement) or by hand.
const ID_ROWS = /const (\w+) = (?:arrayOf\(new DynamicModel\(\{ id: '' \}\)\)|rowsOf\()/g;
const ID_SHAPE = /\{ id: '' \}/;

/**
 * `file: rows` for each `{ id }` rows list whose block (to the brace that closes it) takes its first row, or reads
 * nothing of it but its length (whether there is one).
 */
function firstIdsIn(file: string, text: string): string[] {
  const lines = text.split('\n');
  return lines.flatMap((line, i) => {
    const rows = [...line.matchAll(ID_ROWS)][0]?.[1];
    if (!rows) return [];
    const statementEnd = lines.findIndex((next, j) => j >= i && /\);\s*$/.test(next));
    if (!ID_SHAPE.test(lines.slice(i, statementEnd + 1).join('\n'))) return [];
    const indent = line.search(/\S/);
    const end = lines.findIndex((next, j) => j > i && /^\s*\}/.test(next) && next.search(/\S/) < indent);
    const block = lines.slice(i + 1, end === -1 ? undefined : end).join('\n');
    const first = new RegExp(`\\b${rows}\\[0\\]`).test(block);
    const length = new RegExp(`\\b${rows}\\.length\\b`).test(block);
    const otherwise = new RegExp(`(?<!\\.all\\()\\b${rows}\\b(?!\\.length\\b|\\[0\\])`).test(block);
    return first || (length && !otherwise) ? [`${file}: ${rows}`] : [];
  });
}

describe('the first id of an SQL query', () => {
  it('is read by one helper, in platform/records.js', () => {
    const files = readdirSync(join(root, 'pb_hooks'), { recursive: true, encoding: 'utf8' })
      .filter((name) => name.endsWith('.js'))
      .map((name) => join('pb_hooks', name))
      .filter((file) => file !== HOME);
    expect(files.length).toBeGreaterThan(100);
    expect(files.flatMap((file) => firstIdsIn(file, readFileSync(join(root, file), 'utf8')))).toEqual([]);
    expect(firstIdsIn(HOME, readFileSync(join(root, HOME), 'utf8'))).toEqual([`${HOME}: rows`]);
  });

  it('sees a hand-written one (the first, or whether there is one), and not a list of ids or their count', () => {
    const own = "const rows = arrayOf(new DynamicModel({ id: '' }));\nreturn rows.length ? rows[0].id : null;";
    const list = "const found = arrayOf(new DynamicModel({ id: '' }));\nreturn found.map((row) => row.id);";
    expect(firstIdsIn('a.js', own)).toEqual(['a.js: rows']);
    const exists =
      "const rows = arrayOf(new DynamicModel({ id: '' }));\ndb.all(rows);\nif (rows.length) throw refusal;";
    const counted =
      "const rows = arrayOf(new DynamicModel({ id: '' }));\nfor (const { id } of rows) fix(id);\nreturn rows.length;";
    expect(firstIdsIn('b.js', list)).toEqual([]);
    expect(firstIdsIn('c.js', exists)).toEqual(['c.js: rows']);
    expect(firstIdsIn('d.js', counted)).toEqual([]);
    const read = "const rows = rowsOf(\n  app,\n  sql,\n  { id: '' },\n);\nreturn rows.length ? rows[0].id : null;";
    const cursors = "const last = rowsOf(app, sql, { id: '', created: '' }, params);\nreturn last[0];";
    expect(firstIdsIn('e.js', read)).toEqual(['e.js: rows']);
    expect(firstIdsIn('f.js', cursors)).toEqual([]);
  });
});
