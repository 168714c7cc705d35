// Every hot query on a large board walks an index (issue 35). A reduced large board (tools/lib/bench/large-board.mjs:
// 3,000 ideas, 30,000 votes skewed so one idea holds thousands, 6,000 comments, ten languages) is read the way
// the site reads it (its own data modules): the home page and a board in every sort and filter, search in
// Latin, Japanese and Arabic script, the most voted idea's page with its comments, voters and a member's own vote, the staff lists by
// worth and by a segment, and a vote and a comment on that idea. PocketBase runs with --dev, which prints every
// SQL statement it runs; each one that reads posts, votes or comments is asked for SQLite's query plan on the
// seeded database, and none may scan one of those tables (or post_insights) whole, nor sort one walked whole. The bench (`npm run bench -- large-board`)
// times the same reads at 1,000, 10,000 and 100,000 ideas.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { listCommentPage, listVisibleComments } from '../../../src/features/comments/comments-data';
import { getPost, listPosts, SORTS, type Sort, searchPosts } from '../../../src/features/ideas/posts-data';
import { listPostsByInsight } from '../../../src/features/priority/staff-lists';
import { seedLargeBoard } from '../../../tools/lib/bench/large-board.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { statementsSince, tableNames } from '../../support/sql-log';
import { type Actors, createActors, createBoard, idOf } from '../../support/world';

const HOT_TABLES = ['posts', 'votes', 'comments', 'post_insights'];

let pb: TestPocketBase;
let actors: Actors;
let seeded: { topIdea: string };
let boardId: string;
let segmentId: string;
beforeAll(async () => {
  pb = await startTestPocketBase({ dev: true });
  actors = await createActors(pb);
  const boards = [await createBoard(pb, 'public'), await createBoard(pb, 'public'), await createBoard(pb, 'members')];
  boardId = boards[0]?.id ?? '';
  const statuses = (await pb.admin.collection('statuses').getFullList()).map((status) => status.id);
  seeded = seedLargeBoard(pb.dataDir, {
    ideas: 3000,
    votes: 30_000,
    comments: 6000,
    boards: boards.map((board) => board.id),
    statuses,
  });
  const conditions = { match: 'all', rules: [{ field: 'plan', op: 'eq', value: 'Enterprise' }] };
  segmentId = (await pb.admin.collection('segments').create({ name: 'Enterprise', conditions })).id;
}, 180_000);
afterAll(() => pb?.stop());

/**
 * The plan steps that read a hot table whole: "SCAN posts" (no index), a count over all of one, or a sort
 * after walking one's whole index (an order the index does not give, such as ties broken by another column).
 */
function fullScans(db: DatabaseSync, sql: string): string[] {
  const names = tableNames(sql, HOT_TABLES);
  if (names.size === 0) return [];
  const steps = (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[]).map((step) => step.detail);
  const walksWhole = steps.some((detail) => {
    const scanned = detail.match(/^SCAN (\S+) USING/);
    return scanned && names.has(scanned[1] ?? '');
  });
  return steps.filter((detail) => {
    if (walksWhole && /^USE TEMP B-TREE FOR (RIGHT PART OF |LAST TERM OF )?ORDER BY/.test(detail)) return true;
    const scanned = detail.match(/^SCAN (\S+)(.*)$/);
    if (!scanned || !names.has(scanned[1] ?? '')) return false;
    // An index walked in order for a LIMIT stops early; one read whole for a count or without a limit does not.
    return !/USING (COVERING )?INDEX/.test(scanned[2] ?? '') || (/COUNT\(/i.test(sql) && !/ WHERE /i.test(sql));
  });
}

async function readAsTheSiteDoes(visitor: PocketBase, member: PocketBase, staff: PocketBase) {
  for (const sort of Object.keys(SORTS) as Sort[]) {
    await listPosts(visitor, { sort });
    await listPosts(visitor, { sort, board: boardId });
    await listPosts(visitor, { sort, board: boardId, status: 'planned' });
    await listPosts(visitor, { sort, page: 3 });
    await listPosts(member, { sort, voted: idOf(member) });
  }
  for (const q of ['dark mode', 'ダークモード', 'الوضع الداكن', 'ダークモード dashboard'])
    await searchPosts(visitor, q);
  await getPost(visitor, seeded.topIdea);
  const firstComments = await listCommentPage(visitor, seeded.topIdea);
  await listCommentPage(visitor, seeded.topIdea, { after: firstComments.next });
  await listCommentPage(staff, seeded.topIdea, { after: firstComments.next });
  await listVisibleComments(visitor, seeded.topIdea, 50);
  await visitor.send(`/api/chorus/posts/${seeded.topIdea}/voters`, {});
  for (const sort of ['score', 'revenue'] as const) {
    await listPostsByInsight(staff, { sort });
    await listPostsByInsight(staff, { sort, board: boardId });
  }
  await listPosts(staff, { sort: 'top', segment: segmentId, staff: true });
  await member.collection('votes').create({ post: seeded.topIdea, user: idOf(member) });
  await member.collection('comments').create({ post: seeded.topIdea, author: idOf(member), body: 'Me too.' });
  // The idea page's one request, as the member: the idea, its voters, their own vote, follow and open question, and
  // the first comments of the most voted idea.
  await member.send(`/api/chorus/posts/${seeded.topIdea}/page`, { query: { expand: 'status_events_via_post.actor' } });
}

it('no hot read or write scans every idea, vote or comment', { timeout: 180_000 }, async () => {
  const from = pb.output().length;
  await readAsTheSiteDoes(pb.visitor(), actors.member, actors.admin);
  await new Promise((resolve) => setTimeout(resolve, 500)); // the jobs the writes woke
  const statements = statementsSince(pb.output(), from);
  const db = new DatabaseSync(join(pb.dataDir, 'data.db'), { readOnly: true });
  try {
    const hot = statements.filter((sql) => tableNames(sql, HOT_TABLES).size > 0);
    expect(hot.length).toBeGreaterThan(40);
    const offenders = hot.flatMap((sql) => fullScans(db, sql).map((step) => `${step}  ←  ${sql.slice(0, 300)}`));
    expect(offenders).toEqual([]);
    // A search index handed a list of rowids runs its MATCH again for each (a mixed-script search took 60 s).
    const searches = statements.filter((sql) => /posts_search_(fts|trigram)/.test(sql));
    expect(searches.length).toBeGreaterThan(8);
    const lookups = searches.flatMap((sql) => matchPerRow(db, sql).map((step) => `${step}  ←  ${sql.slice(0, 300)}`));
    expect(lookups).toEqual([]);
  } finally {
    db.close();
  }
});

/** Plan steps where a full-text index both matches and is looked up by rowid: one MATCH per rowid given. */
const matchPerRow = (db: DatabaseSync, sql: string) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
    .map((step) => step.detail)
    .filter((detail) => /VIRTUAL TABLE INDEX \d+:(?=\S*=)(?=\S*M)/.test(detail));

/** The statements of every trigger on `table`, with new./old. columns as NULL (so SQLite can plan them alone). */
function triggerStatements(db: DatabaseSync, table: string): string[] {
  const triggers = db.prepare("SELECT sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = ?").all(table);
  return (triggers as { sql: string }[]).flatMap(({ sql }) =>
    (sql.match(/\bBEGIN\b([\s\S]*)\bEND\s*$/)?.[1] ?? '')
      .split(';')
      .map((statement) => statement.trim().replace(/\b(new|old)\.\w+/g, 'NULL'))
      .filter(Boolean),
  );
}
/** Plan steps that read a full-text index whole (no MATCH, no rowid: FTS5's plan names no constraint). */
const ftsScans = (db: DatabaseSync, sql: string) =>
  (db.prepare(`EXPLAIN QUERY PLAN ${sql}`).all() as { detail: string }[])
    .map((step) => step.detail)
    .filter((detail) => /^SCAN \S+ VIRTUAL TABLE INDEX \d+:$/.test(detail));

it('no write to an idea scans its search index or a hot table whole in a trigger (an edit on 100,000 ideas took 21 ms)', () => {
  const db = new DatabaseSync(join(pb.dataDir, 'data.db'), { readOnly: true });
  try {
    const statements = triggerStatements(db, 'posts');
    expect(statements.filter((sql) => /posts_search_(fts|trigram)/.test(sql)).length).toBeGreaterThanOrEqual(6);
    const offenders = statements.flatMap((sql) =>
      [...ftsScans(db, sql), ...fullScans(db, sql)].map((step) => `${step}  ←  ${sql.slice(0, 200)}`),
    );
    expect(offenders).toEqual([]);
    // The checks see the scan the triggers made before (an UNINDEXED post_id), and a MATCH per rowid.
    expect(ftsScans(db, 'DELETE FROM posts_search_fts WHERE post_id = NULL')).toHaveLength(1);
    const perRow =
      "SELECT g.rowid FROM posts_search_trigram g WHERE posts_search_trigram MATCH 'x' AND g.rowid IN " +
      "(SELECT rowid FROM posts_search_fts WHERE posts_search_fts MATCH 'y')";
    expect(matchPerRow(db, perRow)).toHaveLength(1);
    expect(matchPerRow(db, perRow.replace('AND g.rowid', 'AND +g.rowid'))).toEqual([]);
  } finally {
    db.close();
  }
});

it('the insights job finds stale worths through an index whatever ANALYZE last saw (few stale, or nearly all)', () => {
  const copy = join(pb.dataDir, 'planner-copy.db');
  const live = new DatabaseSync(join(pb.dataDir, 'data.db'), { readOnly: true });
  live.exec(`VACUUM INTO '${copy}'`);
  live.close();
  const db = new DatabaseSync(copy);
  try {
    const job = 'SELECT id FROM post_insights WHERE stale = TRUE'; // pb_hooks/priority/insights-queue.js
    const planned = (staleShare: number) => {
      db.exec(`UPDATE post_insights SET stale = (abs(random()) % 100) < ${staleShare * 100}`);
      db.exec('ANALYZE');
      return (db.prepare(`EXPLAIN QUERY PLAN ${job}`).all() as { detail: string }[]).map((step) => step.detail);
    };
    const throughTheIndex = ['SCAN post_insights USING COVERING INDEX idx_post_insights_stale'];
    const plans = { none: planned(0), few: planned(0.01), nearlyAll: planned(0.95), all: planned(1) };
    expect(plans).toEqual({
      none: throughTheIndex,
      few: throughTheIndex,
      nearlyAll: throughTheIndex,
      all: throughTheIndex,
    });
    expect((db.prepare('SELECT COUNT(*) AS rows FROM post_insights').get() as { rows: number }).rows).toBe(3000);
  } finally {
    db.close();
  }
});

it('the check itself catches a full scan', () => {
  const db = new DatabaseSync(join(pb.dataDir, 'data.db'), { readOnly: true });
  try {
    expect(fullScans(db, "SELECT * FROM posts WHERE title = 'x'")).toEqual(['SCAN posts']);
    expect(fullScans(db, 'SELECT COUNT(*) FROM votes v')).toHaveLength(1);
    expect(fullScans(db, "SELECT * FROM posts p WHERE p.id = 'x'")).toEqual([]);
    expect(fullScans(db, 'SELECT * FROM posts ORDER BY vote_count DESC, title LIMIT 20')).toEqual([
      'USE TEMP B-TREE FOR LAST TERM OF ORDER BY',
    ]);
  } finally {
    db.close();
  }
});
