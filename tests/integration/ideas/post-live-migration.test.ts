// The post_live migration on a database that already has ideas: rolled back and applied again, it fills
// post_live with exactly the public ideas, each holding its post's values.
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../../tools/lib/ports.mjs';
import { migrationDatabase } from '../../support/migration-database';

const MIGRATION = '1764000000_create_post_live.js';
const database = migrationDatabase();
afterAll(() => database.remove());

it('back-fills the public ideas, and only them', { timeout: 120_000 }, async () => {
  const port = await freePort();
  const before = await database.started(port);
  const { admin } = before;
  const board = await admin.collection('boards').create({ name: 'Ideas', slug: 'ideas', visibility: 'public' });
  const members = await admin.collection('boards').create({ name: 'Team', slug: 'team', visibility: 'members' });
  const author = await admin.collection('users').create({
    email: 'ada@chorus.test',
    password: 'correct horse battery',
    passwordConfirm: 'correct horse battery',
    name: 'Ada',
    verified: true,
  });
  const planned = await admin.collection('statuses').getFirstListItem('slug = "planned"');
  const idea = (fields: Record<string, unknown>) =>
    admin.collection('posts').create({ board: board.id, author: author.id, title: 'Idea', approved: true, ...fields });
  const open = await idea({ title: 'Dark mode', status: planned.id, locked: true });
  const duplicate = await idea({ title: 'Night theme' });
  await admin.collection('posts').update(duplicate.id, { merged_into: open.id });
  await admin.collection('votes').create({ post: open.id, user: author.id });
  await admin.collection('comments').create({ post: open.id, author: author.id, body: 'Yes please' });
  const queued = await idea({ approved: false });
  const onMembersBoard = await idea({ board: members.id });
  await before.server.stop();

  expect(await database.rollBackFrom(MIGRATION)).toContain(MIGRATION);

  const after = await database.started(port);
  try {
    const live = await after.admin.collection('post_live').getFullList({ sort: 'title' });
    expect(live.map((r) => r.id)).toEqual([open.id, duplicate.id]);
    expect(live[0]).toMatchObject({
      board: board.id,
      title: 'Dark mode',
      status: planned.id,
      merged_into: '',
      vote_count: 1,
      comment_count: 1,
      locked: true,
    });
    expect(live[1]).toMatchObject({ title: 'Night theme', merged_into: open.id, vote_count: 0 });
    expect(live.some((r) => [queued.id, onMembersBoard.id].includes(r.id))).toBe(false);
  } finally {
    await after.server.stop();
  }
});
