// The migration that teaches stored rules about segment boards, on an install migrated before them: rolled
// back (every rule back to the fragments it first stored) and applied again, every rule is exactly what a
// fresh install stores, and a segment's member sees its board and ideas.
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../../tools/lib/ports.mjs';
import { migrationDatabase } from '../../support/migration-database';
import { TEST_PASSWORD } from '../../support/pocketbase';

const MIGRATION = '1764420000_add_boards_segment.js';
const RULES = ['listRule', 'viewRule', 'createRule', 'updateRule', 'deleteRule'] as const;
const database = migrationDatabase();
afterAll(() => database.remove());

type Rules = Record<string, Record<string, string | null>>;
async function rulesOf(admin: import('pocketbase').default): Promise<Rules> {
  const rules: Rules = {};
  for (const c of await admin.collections.getFullList()) {
    rules[c.name] = Object.fromEntries(RULES.map((name) => [name, c[name] ?? null]));
  }
  return rules;
}
/** The rules data.db stores now (PocketBase stopped). */
function storedRules(): Rules {
  const db = new DatabaseSync(join(database.dataDir, 'data.db'), { readOnly: true });
  try {
    const rows = db.prepare(`SELECT name, ${RULES.join(', ')} FROM _collections`).all() as Record<
      string,
      string | null
    >[];
    return Object.fromEntries(rows.map((row) => [row.name, Object.fromEntries(RULES.map((r) => [r, row[r]]))]));
  } finally {
    db.close();
  }
}
const mentioning = (rules: Rules, text: string) =>
  Object.entries(rules).flatMap(([c, r]) =>
    RULES.filter((name) => r[name]?.includes(text)).map((name) => `${c}.${name}`),
  );

it('re-applies every rule that embeds the board, post or comment fragments', { timeout: 120_000 }, async () => {
  const port = await freePort();
  const fresh = await database.started(port);
  const freshRules = await rulesOf(fresh.admin);
  await fresh.server.stop();
  const upgraded = mentioning(freshRules, 'visibility = "segment"');
  // The collections whose rules embed boardVisible, postVisible or commentVisible.
  for (const rule of [
    'boards.listRule',
    'posts.listRule',
    'posts.createRule',
    'posts.updateRule',
    'post_staff_tags.listRule',
    'votes.createRule',
    'comments.listRule',
    'comments.createRule',
    'reactions.listRule',
    'reactions.createRule',
    'subscriptions.createRule',
    'status_events.listRule',
  ]) {
    expect(upgraded).toContain(rule);
  }

  expect(await database.rollBackFrom(MIGRATION)).toContain(MIGRATION);
  // Read while stopped: starting PocketBase applies the pending migrations again.
  const oldRules = storedRules();
  expect(mentioning(oldRules, 'segment')).toEqual([]);
  // (Rolling back also undoes the migrations after it: their collections are not there to compare.)
  const existedBefore = upgraded.filter((rule) => (rule.split('.')[0] ?? '') in oldRules);
  expect(mentioning(oldRules, 'visibility = "staff"').sort()).toEqual(existedBefore.sort());

  const after = await database.started(port);
  try {
    expect(await rulesOf(after.admin)).toEqual(freshRules);
    // And it works: a member of the segment reads its board's idea.
    const { admin } = after;
    const user = await admin.collection('users').create({
      email: 'gold@chorus.test',
      password: TEST_PASSWORD,
      passwordConfirm: TEST_PASSWORD,
      verified: true,
    });
    const gold = await admin.collection('companies').create({ external_id: 'gold', name: 'Gold', plan: 'Gold' });
    await admin.collection('member_profiles').create({ user: user.id, company: gold.id });
    const segment = await admin
      .collection('segments')
      .create({ name: 'Gold', conditions: { match: 'all', rules: [{ field: 'plan', op: 'eq', value: 'Gold' }] } });
    const board = await admin
      .collection('boards')
      .create({ name: 'Gold', slug: 'gold', visibility: 'segment', segment: segment.id });
    const post = await admin
      .collection('posts')
      .create({ board: board.id, author: user.id, title: 'For Gold', approved: true });
    const PocketBase = (await import('pocketbase')).default;
    const member = new PocketBase(after.server.url);
    await member.collection('users').authWithPassword('gold@chorus.test', TEST_PASSWORD);
    expect((await member.collection('posts').getOne(post.id)).id).toBe(post.id);
  } finally {
    await after.server.stop();
  }
});
