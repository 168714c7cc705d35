// Staff insight's queries walk indexes (issue 38): on a reduced large board (tools/lib/bench/large-board.mjs: 3,000
// ideas, 30,000 votes, 6,000 comments, all inside the window, the worst case) the report is read for 12 and 26 weeks,
// overall and in a segment; PocketBase's --dev log gives every statement it ran, and SQLite's EXPLAIN QUERY PLAN
// must show none scanning a table whole (each reads the window through a created-date index, or an index order
// under a LIMIT, or one segment's members). It also prints how long the report took.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { seedLargeBoard } from '../../../tools/lib/bench/large-board.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { statementsSince, tableNames } from '../../support/sql-log';
import { type Actors, createActors, createBoard } from '../../support/world';

const TABLES = ['posts', 'votes', 'comments', 'post_insights', 'status_events', 'search_misses', 'segment_members'];

let pb: TestPocketBase;
let actors: Actors;
let segmentId: string;
beforeAll(async () => {
  // every report is kept, as a slow one is on a large board
  pb = await startTestPocketBase({ dev: true, env: { CHORUS_INSIGHTS_SLOW_MS: '0' } });
  actors = await createActors(pb);
  const boards = [await createBoard(pb, 'public'), await createBoard(pb, 'members')];
  const statuses = (await pb.admin.collection('statuses').getFullList()).map((status) => status.id);
  seedLargeBoard(pb.dataDir, { ideas: 3000, votes: 30_000, comments: 6000, boards: boards.map((b) => b.id), statuses });
  const conditions = { match: 'all', rules: [{ field: 'plan', op: 'eq', value: 'Enterprise' }] };
  segmentId = (await pb.admin.collection('segments').create({ name: 'Enterprise', conditions })).id;
}, 180_000);
afterAll(() => pb?.stop());

/** Plan steps that read one of TABLES without an index ("SCAN posts", not "SCAN posts USING INDEX …"). */
function scans(db: DatabaseSync, sql: string): string[] {
  const names = tableNames(sql, TABLES);
  const steps = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((step) => step.detail);
  return steps.filter((detail) => {
    const scanned = detail.match(/^SCAN (\S+)(.*)$/);
    return !!scanned && names.has(scanned[1] ?? '') && !/USING (COVERING )?INDEX/.test(scanned[2] ?? '');
  });
}

it('every statement of the report reads through an index', { timeout: 120_000 }, async () => {
  const from = pb.output().length;
  const times: number[] = [];
  for (const query of [{ weeks: '12' }, { weeks: '26' }, { weeks: '26', segment: segmentId }]) {
    const started = performance.now();
    const report = await actors.moderator.send('/api/chorus/insights-report', { query });
    times.push(Math.round(performance.now() - started));
    expect(report.weekly.at(-1).ideas + report.weekly.at(-2).ideas).toBeGreaterThan(0);
  }
  console.log(`insight report at 3,000 ideas (12 weeks, 26 weeks, 26 in a segment): ${times.join(', ')} ms`);
  const statements = statementsSince(pb.output(), from, TABLES);
  expect(statements.length).toBeGreaterThan(15);
  const db = new DatabaseSync(join(pb.dataDir, 'data.db'), { readOnly: true });
  try {
    const offenders = statements.flatMap((sql) => scans(db, sql).map((step) => `${step}  ←  ${sql.slice(0, 300)}`));
    expect(offenders).toEqual([]);
    // the check itself catches a full scan
    expect(scans(db, "SELECT COUNT(*) FROM posts WHERE title = 'x'")).toEqual(['SCAN posts']);
    expect(scans(db, "SELECT COUNT(*) FROM votes v WHERE v.on_behalf_by = 'x'")).toEqual(['SCAN v']);
  } finally {
    db.close();
  }
});

it('a report that was slow to compute is kept for ten minutes: read again, it runs no query', async () => {
  const first = await actors.admin.send('/api/chorus/insights-report', { query: { weeks: '12' } });
  const from = pb.output().length;
  const again = await actors.moderator.send('/api/chorus/insights-report', { query: { weeks: '12' } });
  expect(again.computed_at).toBe(first.computed_at);
  expect(again).toEqual(first);
  expect(statementsSince(pb.output(), from, TABLES)).toEqual([]);
});
