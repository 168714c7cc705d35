// The every-script search migration on a database that already has ideas: it indexes them, and it rolls back.
import { afterAll, expect, it } from 'vitest';
import { freePort } from '../../../tools/lib/ports.mjs';
import { migrationDatabase } from '../../support/migration-database';

const MIGRATION = '1763990000_search_every_script.js';
const database = migrationDatabase();
afterAll(() => database.remove());

async function started(port: number) {
  const { server, admin } = await database.started(port);
  const found = async (q: string) =>
    (await admin.send<{ items: { title: string }[] }>('/api/chorus/search', { query: { q } })).items.map(
      (p) => p.title,
    );
  return { server, admin, found };
}

it('indexes ideas written before it, in both directions', { timeout: 120_000 }, async () => {
  const port = await freePort();
  const before = await started(port);
  const board = await before.admin.collection('boards').create({ name: 'Ideas', slug: 'ideas', visibility: 'public' });
  const author = await before.admin.collection('users').create({
    email: 'ada@chorus.test',
    password: 'correct horse battery',
    passwordConfirm: 'correct horse battery',
    name: 'Ada',
    verified: true,
  });
  for (const title of ['ダークモードを追加してください', 'نُرِيدُ الوَضْعَ الدَّاكِنَ']) {
    await before.admin.collection('posts').create({ board: board.id, author: author.id, title, approved: true });
  }
  await before.server.stop();

  // Back to the index before this migration (unicode61 only, marks kept), then starting applies it again.
  const stdout = await database.rollBackFrom(MIGRATION);
  expect(stdout).toContain(MIGRATION);

  const after = await started(port);
  try {
    expect(await after.found('モード')).toEqual(['ダークモードを追加してください']);
    expect(await after.found('追加')).toEqual(['ダークモードを追加してください']);
    expect(await after.found('الداكن')).toEqual(['نُرِيدُ الوَضْعَ الدَّاكِنَ']);
  } finally {
    await after.server.stop();
  }
});
