// The migrations that put the author's name and avatar on each idea and comment, on a database that already
// has them: rolled back (the columns go) and applied again, they fill every copy from its author.
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../../tools/lib/ports.mjs';
import { blackPng } from '../../support/images';
import { migrationDatabase } from '../../support/migration-database';

const MIGRATION = '1764200000_add_posts_author_card.js';
const database = migrationDatabase();
afterAll(() => database.remove());

it('back-fills every idea and comment with its author’s name and avatar', { timeout: 120_000 }, async () => {
  const port = await freePort();
  const before = await database.started(port);
  const { admin } = before;
  const board = await admin.collection('boards').create({ name: 'Ideas', slug: 'ideas', visibility: 'public' });
  const user = (email: string, name: string) =>
    admin
      .collection('users')
      .create({ email, password: 'correct horse battery', passwordConfirm: 'correct horse battery', name });
  const ada = await user('ada@chorus.test', 'Ada');
  const avatar = new FormData();
  avatar.append('avatar', new File([new Uint8Array(blackPng(8, 8))], 'ada.png', { type: 'image/png' }));
  const adaAvatar = (await admin.collection('users').update(ada.id, avatar)).avatar;
  const nameless = await user('nameless@chorus.test', '');
  const idea = (author: string, title: string) =>
    admin.collection('posts').create({ board: board.id, author, title, approved: true });
  const byAda = await idea(ada.id, 'Dark mode');
  const byNameless = await idea(nameless.id, 'Export');
  const comment = (author: string) => admin.collection('comments').create({ post: byAda.id, author, body: 'Yes' });
  const adaComment = await comment(ada.id);
  const namelessComment = await comment(nameless.id);
  await before.server.stop();

  expect(await database.rollBackFrom(MIGRATION)).toContain(MIGRATION);

  const after = await database.started(port);
  try {
    const copies = async (id: string, collection = 'posts') => {
      const { author_name, author_avatar } = await after.admin.collection(collection).getOne(id);
      return { author_name, author_avatar };
    };
    expect(adaAvatar).toMatch(/^ada\w*\.png$/);
    expect(await copies(byAda.id)).toEqual({ author_name: 'Ada', author_avatar: adaAvatar });
    expect(await copies(byNameless.id)).toEqual({ author_name: '', author_avatar: '' });
    expect(await copies(adaComment.id, 'comments')).toEqual({ author_name: 'Ada', author_avatar: adaAvatar });
    expect(await copies(namelessComment.id, 'comments')).toEqual({ author_name: '', author_avatar: '' });
  } finally {
    await after.server.stop();
  }
});
