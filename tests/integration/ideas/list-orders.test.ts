// Every order a list of ideas offers walks an index in that order: no list view sorts every idea (which
// grows with the board: at 10,000 ideas the home page's list took ~50 ms unindexed, ~3 ms indexed). And a
// member's rename finds their ideas and comments by index, not by reading every one.

import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SORTS } from '../../../src/features/ideas/posts-data';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';

let pb: TestPocketBase;
let db: DatabaseSync;
beforeAll(async () => {
  pb = await startTestPocketBase();
  db = new DatabaseSync(join(pb.dataDir, 'data.db'), { readOnly: true });
});
afterAll(async () => {
  db?.close();
  await pb?.stop();
});

/** PocketBase's list query for a signed-out visitor, as it writes it (the posts list rule joins the board). */
function listQuery(sort: string, onBoard: boolean): string {
  const order = sort
    .split(',')
    .map((field) => (field.startsWith('-') ? `posts.${field.slice(1)} DESC` : `posts.${field} ASC`))
    .join(', ');
  return (
    'SELECT DISTINCT posts.* FROM posts LEFT JOIN boards posts_board ON posts_board.id = posts.board ' +
    "WHERE posts_board.visibility = 'public' AND posts.approved = 1 AND (posts.merged_into = '' OR posts.merged_into IS NULL)" +
    (onBoard ? " AND posts.board = 'b1'" : '') +
    ` ORDER BY ${order} LIMIT 20`
  );
}

const planOf = (sql: string) =>
  db
    .prepare(`EXPLAIN QUERY PLAN ${sql}`)
    .all()
    .map((step) => String(step.detail));

describe('list orders', () => {
  for (const [name, sort] of Object.entries(SORTS)) {
    for (const onBoard of [false, true]) {
      it(`${name}${onBoard ? ' on a board' : ' across boards'} reads ideas in index order`, () => {
        const plan = planOf(listQuery(sort, onBoard));
        expect(plan.join(' | ')).toMatch(/(SCAN|SEARCH) posts USING INDEX idx_posts_/);
        expect(plan.join(' | ')).not.toContain('ORDER BY');
      });
    }
  }

  it('the check itself catches an order no index serves', () => {
    expect(planOf(listQuery('-title', false)).join(' | ')).toContain('USE TEMP B-TREE FOR ORDER BY');
  });
});

describe("a member's new name or avatar", () => {
  // pb_hooks/ideas/author-card.js syncAuthorRecords and platform/edge/edge-cache.js authorPageTags.
  for (const table of ['posts', 'comments']) {
    it(`finds the member's ${table} by index`, () => {
      for (const sql of [
        `UPDATE ${table} SET author_name = 'x', author_avatar = '' WHERE author = 'u1'`,
        `SELECT DISTINCT id FROM ${table} WHERE author = 'u1'`,
      ]) {
        expect(planOf(sql).join(' | ')).toMatch(
          new RegExp(`SEARCH ${table} USING (COVERING )?INDEX idx_${table}_author`),
        );
      }
    });
  }
});
