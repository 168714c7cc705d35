// The server bundle, unpacked into an empty folder with no repository beside it: chorus-server starts, applies
// the migrations, serves the hooks' routes and replicates; SIGTERM in the middle of a stream of writes keeps
// every acknowledged one; an empty data folder is restored from the replica; a power cut (SIGKILL of all three
// processes) loses nothing on restart and nothing older than a second from the replica; an upgrade takes a backup
// point before new migrations; a PocketBase downgrade is refused.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectAsSuperuser } from '../../../tools/lib/configure-pocketbase.mjs';
import { createBoardAndMember } from '../../../tools/lib/seed/board-and-member.mjs';
import {
  childrenOf,
  isAlive,
  killLikeAPowerCut,
  pocketbaseCommand,
  type RunningServer,
  runServerToEnd,
  startServer,
  unpackedBundle,
} from '../../support/server-bundle';

const SUPERUSER = { email: 'operator@chorus.test', password: 'operator-password-123456' };
const workDir = mkdtempSync(join(tmpdir(), 'chorus-bundle-'));
let bundle: string;
let board: string;
let author: string;
let server: RunningServer;

beforeAll(async () => {
  ({ dir: bundle } = await unpackedBundle(workDir));
}, 600_000);
afterAll(async () => {
  // A test that failed half-way leaves its server running: stop it (and so its PocketBase and Litestream).
  if (server?.process.exitCode === null && server.process.signalCode === null) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
  rmSync(workDir, { recursive: true, force: true });
});

const dataDir = () => join(bundle, 'pb_data');
const replicaDir = () => join(bundle, 'pb_data_replica');
const idsIn = (dbPath: string) => {
  const db = new DatabaseSync(dbPath, { readOnly: true });
  try {
    return new Set((db.prepare('SELECT id FROM posts').all() as { id: string }[]).map((row) => row.id));
  } finally {
    db.close();
  }
};

/** `writers` create ideas until `stopWhen` resolves, then until the server stops answering; acknowledged ids. */
async function writeIdeas(admin: PocketBase, stopWhen: Promise<unknown>, writers = 4) {
  const acknowledged: { id: string; at: number }[] = [];
  let stopped = false;
  stopWhen.then(() => {
    stopped = true;
  });
  const writer = async () => {
    for (let n = 0; !stopped; n++) {
      try {
        const idea = await admin
          .collection('posts')
          .create({ board, author, title: `Bundle idea ${n}`, approved: true, body: 'An acknowledged write.' });
        acknowledged.push({ id: idea.id, at: Date.now() });
      } catch {
        await new Promise((r) => setTimeout(r, 5));
      }
    }
  };
  await Promise.all(Array.from({ length: writers }, writer));
  return acknowledged;
}

/** After a restore Litestream first copies the whole database: wait until a write made now reaches the replica. */
async function replicaCaughtUp(admin: PocketBase) {
  const { heartbeatAt } = await admin.send('/api/chorus/health', { method: 'POST', body: {} });
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    const { replica } = await admin.send('/api/chorus/health', {});
    if (replica.lastReplicatedAt >= heartbeatAt) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error('The replica did not take a write within 30 s.');
}

describe('the server bundle', () => {
  it('holds chorus-server, PocketBase and Litestream with their checksums, and says its settings', () => {
    const sums = readFileSync(join(bundle, 'SHA256SUMS'), 'utf8');
    for (const file of [
      'chorus-server',
      'bin/pocketbase',
      'bin/litestream',
      'pb_migrations/',
      'pb_hooks/',
      'locales/en.json',
    ]) {
      expect(sums).toContain(`  ${file}`);
    }
    expect(execFileSync('sha256sum', ['--check', '--quiet', 'SHA256SUMS'], { cwd: bundle, encoding: 'utf8' })).toBe('');
    const help = execFileSync(join(bundle, 'chorus-server'), ['--help'], { encoding: 'utf8' });
    for (const name of ['CHORUS_HTTP', 'CHORUS_DATA', 'CHORUS_REPLICA_DIR', 'GOMEMLIMIT', 'EDGE_PURGE_SECRET']) {
      expect(help).toContain(name);
    }
    expect(execFileSync(join(bundle, 'chorus-server'), ['--version'], { encoding: 'utf8' })).toMatch(
      /^Chorus \d+\.\d+\.\d+, PocketBase 0\.39\.11, Litestream 0\.5\.18/,
    );
  });

  it('starts on an empty folder, applies the migrations, serves the hooks and replicates; SIGTERM keeps every acknowledged write', async () => {
    const started = performance.now();
    server = await startServer(bundle);
    const startSeconds = (performance.now() - started) / 1000;
    // A new server says what is still to do, each with its command.
    expect(server.output()).toMatch(/Still to do on this server \(4\):[\s\S]*No superuser[\s\S]*chorus-admin/);
    expect(pocketbaseCommand(bundle, ['superuser', 'upsert', SUPERUSER.email, SUPERUSER.password])).toContain(
      'Successfully',
    );
    // A command on a data folder with no database (the service's CHORUS_DATA not in the shell) is refused.
    const elsewhere = mkdtempSync(join(workDir, 'not-the-data-'));
    expect(() =>
      pocketbaseCommand(bundle, ['superuser', 'upsert', 'lost@chorus.test', SUPERUSER.password], {
        CHORUS_DATA: elsewhere,
      }),
    ).toThrow(/no database in [\s\S]*CHORUS_DATA/);
    expect(readdirSync(elsewhere)).toEqual([]);
    expect(() => pocketbaseCommand(bundle, ['chorus-admin', 'nobody@chorus.test'])).toThrow(
      /no member signed up as nobody@chorus.test/,
    );
    const admin = await connectAsSuperuser(server.url, SUPERUSER);
    const health = await admin.send('/api/chorus/health', {});
    expect(health.pocketbase.version).toContain('0.39.11');
    expect(health.migrations.pending).toEqual([]);
    expect(health.replica.kind).toBe('local');
    ({
      board: { id: board },
      member: { id: author },
    } = await createBoardAndMember(admin, {
      email: 'bundle-member@chorus.test',
      password: SUPERUSER.password,
      name: 'Bundle member',
    }).then(({ board, member }) => ({ board, member })));

    const children = childrenOf(server.process.pid ?? 0);
    expect(children).toHaveLength(2);
    const terminated = new Promise((r) => setTimeout(r, 2000)).then(() => server.process.kill('SIGTERM'));
    const acknowledged = await writeIdeas(admin, server.exited);
    await terminated;
    expect(await server.exited).toBe(0);
    expect(children.filter(isAlive)).toEqual([]);
    expect(acknowledged.length).toBeGreaterThan(20);

    const kept = idsIn(join(dataDir(), 'data.db'));
    expect(acknowledged.filter(({ id }) => !kept.has(id))).toEqual([]);
    console.log(
      `bundle: started on an empty folder in ${startSeconds.toFixed(1)} s; ${acknowledged.length} writes acknowledged before SIGTERM, all kept`,
    );

    // The replica took them too: an empty data folder is restored from it on the next start.
    renameSync(dataDir(), `${dataDir()}-before`);
    const restoreStarted = performance.now();
    server = await startServer(bundle);
    const restoreSeconds = (performance.now() - restoreStarted) / 1000;
    expect(server.output()).toMatch(/Restored .*data\.db from/);
    const restored = idsIn(join(dataDir(), 'data.db'));
    expect(acknowledged.filter(({ id }) => !restored.has(id))).toEqual([]);
    const again = await connectAsSuperuser(server.url, SUPERUSER);
    expect((await again.collection('posts').getList(1, 1)).totalItems).toBeGreaterThanOrEqual(acknowledged.length);
    console.log(`bundle: restored from the replica and up in ${restoreSeconds.toFixed(1)} s`);
  }, 180_000);

  it('a power cut loses no acknowledged write on restart, and none older than a second from the replica', async () => {
    const admin = await connectAsSuperuser(server.url, SUPERUSER);
    await replicaCaughtUp(admin);
    let cutAt = 0;
    const cut = new Promise((r) => setTimeout(r, 2000)).then(async () => {
      cutAt = Date.now();
      await killLikeAPowerCut(server);
    });
    // One writer, as the restore drill: four saturate both cores here and Litestream's copy then lags (the
    // files of the full run share them), which is the machine's limit, not a lost write.
    const acknowledged = await writeIdeas(admin, cut, 1);
    await cut;

    const fromReplica = join(workDir, 'replica-at-the-cut.db');
    execFileSync(join(bundle, 'bin', 'litestream'), [
      'restore',
      '-o',
      fromReplica,
      `file://${join(replicaDir(), 'data')}`,
    ]);
    const inReplica = idsIn(fromReplica);
    const missing = acknowledged.filter(({ id }) => !inReplica.has(id));
    const ages = missing.map(({ at }) => cutAt - at);
    expect(
      ages.filter((age) => age > 1000),
      `ages of the missing (ms): ${ages.join(', ')}`,
    ).toEqual([]);

    server = await startServer(bundle);
    const kept = idsIn(join(dataDir(), 'data.db'));
    expect(acknowledged.filter(({ id }) => !kept.has(id))).toEqual([]);
    console.log(
      `bundle: power cut after ${acknowledged.length} writes: 0 lost on restart; ${missing.length} not yet in the replica ` +
        `(acknowledged at most ${Math.max(0, ...ages)} ms before it)`,
    );
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);
  }, 120_000);

  it('an upgrade says what changes and takes a backup point before new migrations; a PocketBase downgrade is refused', async () => {
    const versions = join(dataDir(), 'chorus-versions.json');
    const current = JSON.parse(readFileSync(versions, 'utf8'));
    writeFileSync(versions, JSON.stringify({ ...current, chorus: '0.0.1' }));
    const probe = '1799999999_upgrade_probe.js';
    writeFileSync(
      join(bundle, 'pb_migrations', probe),
      "// A newer Chorus's migration (test only).\nmigrate((app) => { app.save(new Collection({ type: 'base', name: 'upgrade_probe' })); });\n",
    );
    server = await startServer(bundle);
    expect(server.output()).toContain(`Upgrading: Chorus 0.0.1 → ${current.chorus}`);
    expect(server.output()).toContain(`Migrations to apply (1):\n  ${probe}`);
    const backup = /Backup point: (\S+\.zip)/.exec(server.output())?.[1] ?? '';
    expect(existsSync(backup)).toBe(true);
    expect(readdirSync(join(dataDir(), 'backups'))).toContain(backup.split('/').at(-1));
    const admin = await connectAsSuperuser(server.url, SUPERUSER);
    expect((await admin.collections.getOne('upgrade_probe')).name).toBe('upgrade_probe');
    server.process.kill('SIGTERM');
    expect(await server.exited).toBe(0);

    // The data now holds a migration this bundle lacks: as if an older Chorus were started on it.
    rmSync(join(bundle, 'pb_migrations', probe));
    const older = await runServerToEnd(bundle);
    expect(older.code).toBe(1);
    expect(older.output).toContain('migrated by a newer Chorus');

    writeFileSync(versions, JSON.stringify({ ...current, pocketbase: '0.40.0' }));
    const downgrade = await runServerToEnd(bundle);
    expect(downgrade.code).toBe(1);
    expect(downgrade.output).toContain('last served by PocketBase 0.40.0');
    expect(downgrade.output).toContain('a downgrade is refused');
  }, 180_000);
});
