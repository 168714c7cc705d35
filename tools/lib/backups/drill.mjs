// The restore drill: PocketBase with Litestream beside it takes a stream of acknowledged writes (ideas created
// one after another), both are killed with SIGKILL at once (a machine that dies), and `npm run restore` restores
// the replica into a new folder. Says which acknowledged writes the restore lacks, and how old they were.
import { spawn } from 'node:child_process';
import { join, resolve } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { fileURLToPath } from 'node:url';
import { connectAsSuperuser } from '../configure-pocketbase.mjs';
import { startPocketBase } from '../pocketbase-server.mjs';
import { freePort } from '../ports.mjs';
import { createBoardAndMember } from '../seed/board-and-member.mjs';
import { startReplication } from './replicator.mjs';

const RESTORE_SCRIPT = resolve(fileURLToPath(import.meta.url), '../../../restore.mjs');
const SUPERUSER = { email: 'drill@chorus.test', password: 'drill-password-123456' };

/**
 * @param {{ workDir: string, writeSeconds: number, log?: (line: string) => void }} options
 */
export async function runRestoreDrill({ workDir, writeSeconds, log = () => {} }) {
  const dataDir = join(workDir, 'pb_data');
  const replicaDir = join(workDir, 'replica');
  const restoredDir = join(workDir, 'restored');
  const pocketbase = await startPocketBase({ dataDir, port: await freePort(), superuser: SUPERUSER });
  const replication = await startReplication({ dataDir, replicaDir, log });
  let killedAt;
  const acknowledged = [];
  let refused = 0;
  try {
    const admin = await connectAsSuperuser(pocketbase.url, SUPERUSER);
    const { board, member: author } = await createBoardAndMember(admin, {
      board: 'Drill',
      email: 'drill-member@chorus.test',
      password: SUPERUSER.password,
      name: 'Drill member',
    });
    const until = Date.now() + writeSeconds * 1000;
    while (Date.now() < until) {
      const n = acknowledged.length + refused;
      const idea = await admin
        .collection('posts')
        .create({
          board: board.id,
          author: author.id,
          title: `Drill idea ${n}`,
          approved: true,
          body: `Acknowledged write number ${n}; the restore must hold it unless it came in the last second.`,
        })
        .catch(() => undefined);
      if (idea) acknowledged.push({ id: idea.id, acknowledgedAt: Date.now() });
      else refused += 1;
    }
  } finally {
    // A dead machine: PocketBase and Litestream go at the same instant, with no chance to flush anything.
    replication.holdDown();
    killedAt = Date.now();
    pocketbase.process.kill('SIGKILL');
    replication.process().kill('SIGKILL');
  }
  const restore = await runRestoreCommand(['--from', replicaDir, '--to', restoredDir]);
  const restoredIds = restore.code === 0 ? ideaIds(join(restoredDir, 'data.db')) : new Set();
  const missing = acknowledged
    .filter(({ id }) => !restoredIds.has(id))
    .map(({ id, acknowledgedAt }) => ({ id, ageMs: killedAt - acknowledgedAt }));
  return { acknowledged: acknowledged.length, refused, missing, restore, restoredDir };
}

/** Runs `npm run restore`'s script as the command line does; resolves with its exit code, output and time. */
export function runRestoreCommand(args) {
  const started = performance.now();
  return new Promise((resolvePromise) => {
    const child = spawn(process.execPath, [RESTORE_SCRIPT, ...args], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('exit', (code) => resolvePromise({ code, output, seconds: (performance.now() - started) / 1000 }));
  });
}

function ideaIds(dbPath) {
  const db = new DatabaseSync(dbPath, { readOnly: true });
  try {
    return new Set(
      db
        .prepare('SELECT id FROM posts')
        .all()
        .map((row) => row.id),
    );
  } finally {
    db.close();
  }
}
