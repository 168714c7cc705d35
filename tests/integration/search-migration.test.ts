// The every-script search migration on a database that already has ideas: it indexes them, and it rolls back.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import PocketBase from 'pocketbase';
import { afterAll, expect, it } from 'vitest';
import { ensurePocketBase } from '../../scripts/lib/pocketbase-binary.mjs';
import { startPocketBase } from '../../scripts/lib/pocketbase-server.mjs';
import { freePort } from '../../scripts/lib/ports.mjs';

const superuser = { email: 'operator@chorus.test', password: 'operator-password-123' };
const dataDir = mkdtempSync(join(tmpdir(), 'chorus-pb-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

async function started(port: number) {
  const server = await startPocketBase({ dataDir, port, superuser });
  const admin = new PocketBase(server.url);
  admin.autoCancellation(false);
  await admin.collection('_superusers').authWithPassword(superuser.email, superuser.password);
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
  const bin = await ensurePocketBase({ log: () => {} });
  const flags = [
    `--dir=${dataDir}`,
    `--migrationsDir=${join(process.cwd(), 'pb_migrations')}`,
    `--hooksDir=${join(process.cwd(), 'pb_hooks')}`,
    '--automigrate=false',
  ];
  // This migration and every later one (they are applied again on the next start).
  const MIGRATION = '1763990000_search_every_script.js';
  const later = readdirSync(join(process.cwd(), 'pb_migrations')).filter((f) => f.endsWith('.js') && f >= MIGRATION);
  const stdout = execFileSync(bin, ['migrate', 'down', String(later.length), ...flags], {
    input: 'y\n',
    encoding: 'utf8',
    stdio: 'pipe',
  }); // confirms
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
