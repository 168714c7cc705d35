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

/** Waits until the replica's latest restore holds an idea titled `title` (each try restores into a folder of its own). */
async function replicaHolds(replicaDir: string, title: string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (let attempt = 0; ; attempt++) {
    const probe = join(workDir, `probe-${attempt}`);
    const restore = await runRestoreCommand(['--from', replicaDir, '--to', probe]);
    if (restore.code === 0 && ideaTitles(probe).includes(title)) return;
    if (Date.now() > deadline) throw new Error(`The replica never held "${title}": ${restore.output}`);
    await pause(500);
  }
}

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
    // The moment asked for must come after the replica holds the first idea: Litestream's first sync can lag a
    // loaded machine by seconds, and a moment before the replica's first file is refused ("nothing as early").
    await replicaHolds(replicaDir, 'Before');
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
