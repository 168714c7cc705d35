// The migrations that put the author's name and avatar on each idea and comment, on a database that already
// has them: rolled back (the columns go) and applied again, they fill every copy from its author.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, expect, it } from 'vitest';
import { ensurePocketBase } from '../../scripts/lib/pocketbase-binary.mjs';
import { startPocketBase } from '../../scripts/lib/pocketbase-server.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';
import { blackPng } from '../support/images';

const MIGRATION = '1764200000_add_posts_author_card.js';
const superuser = { email: 'operator@chorus.test', password: 'operator-password-123' };
const dataDir = mkdtempSync(join(tmpdir(), 'chorus-pb-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function started(port: number) {
  const server = await startPocketBase({ dataDir, port, superuser });
  const admin = new PocketBase(server.url);
  admin.autoCancellation(false);
  await admin.collection('_superusers').authWithPassword(superuser.email, superuser.password);
  return { server, admin };
}

/** Rolls back this migration and every later one (they are applied again on the next start). */
async function rollBack(): Promise<string> {
  const migrations = readdirSync(join(process.cwd(), 'pb_migrations')).filter((f) => f.endsWith('.js'));
  const count = migrations.filter((f) => f >= MIGRATION).length;
  const bin = await ensurePocketBase({ log: () => {} });
  return execFileSync(
    bin,
    [
      'migrate',
      'down',
      String(count),
      `--dir=${dataDir}`,
      `--migrationsDir=${join(process.cwd(), 'pb_migrations')}`,
      `--hooksDir=${join(process.cwd(), 'pb_hooks')}`,
      '--automigrate=false',
    ],
    { input: 'y\n', encoding: 'utf8', stdio: 'pipe' },
  );
}

it('back-fills every idea and comment with its author’s name and avatar', { timeout: 120_000 }, async () => {
  const port = await freePort();
  const before = await started(port);
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

  expect(await rollBack()).toContain(MIGRATION);

  const after = await started(port);
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
