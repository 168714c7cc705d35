// `npm run restore --at` brings back the database as it was at that moment, with the uploaded files, and
// without it the latest moment.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterAll, expect, it } from 'vitest';
import { runRestoreCommand } from '../../../tools/lib/backups/drill.mjs';
import { startReplication } from '../../../tools/lib/backups/replicator.mjs';
import { connectAsSuperuser } from '../../../tools/lib/configure-pocketbase.mjs';
import { startPocketBase } from '../../../tools/lib/pocketbase-server.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { createBoardAndMember } from '../../../tools/lib/seed/board-and-member.mjs';
import { blackPng } from '../../support/images';

const workDir = mkdtempSync(join(tmpdir(), 'chorus-restore-at-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));
const superuser = { email: 'operator@chorus.test', password: 'operator-password-123' };
const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

function ideaTitles(dataDir: string): string[] {
  const db = new DatabaseSync(join(dataDir, 'data.db'), { readOnly: true });
  try {
    return db
      .prepare('SELECT title FROM posts ORDER BY title')
      .all()
      .map((row) => String(row.title));
  } finally {
    db.close();
  }
}

it('restores the moment asked for, with its uploaded files, and the latest one by default', async () => {
  const dataDir = join(workDir, 'pb_data');
  const replicaDir = join(workDir, 'replica');
  const pocketbase = await startPocketBase({ dataDir, port: await freePort(), superuser });
  const replication = await startReplication({ dataDir, replicaDir });
  try {
    const admin = await connectAsSuperuser(pocketbase.url, superuser);
    const { board, member: author } = await createBoardAndMember(admin, {
      email: 'member@chorus.test',
      password: superuser.password,
      name: 'Member',
    });
    const fields = { board: board.id, author: author.id, approved: true };
    const screenshot = new File([new Uint8Array(blackPng(4, 4))], 'shot.png', { type: 'image/png' });
    const before = await admin.collection('posts').create({ ...fields, title: 'Before', images: [screenshot] });
    await pause(1500);
    const between = new Date();
    await pause(1500);
    await admin.collection('posts').create({ ...fields, title: 'After' });
    await pause(1000);

    const earlier = join(workDir, 'earlier');
    const atBetween = await runRestoreCommand(['--from', replicaDir, '--to', earlier, '--at', between.toISOString()]);
    expect(atBetween.code, atBetween.output).toBe(0);
    expect(ideaTitles(earlier)).toEqual(['Before']);
    const file = join(earlier, 'storage', before.collectionId, before.id, before.images[0]);
    expect(existsSync(file), file).toBe(true);
    expect(atBetween.output).toMatch(/files {7}1 /);

    const latest = join(workDir, 'latest');
    const restored = await runRestoreCommand(['--from', replicaDir, '--to', latest]);
    expect(restored.code, restored.output).toBe(0);
    expect(ideaTitles(latest)).toEqual(['After', 'Before']);
  } finally {
    await pocketbase.stop();
    await replication.stop();
  }
}, 60_000);
