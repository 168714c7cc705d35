// A write stream across Litestream's checkpoints: PocketBase (Chorus's build, or another binary for a "before")
// takes `megabytes` of records from several writers at once while Litestream replicates it and checkpoints
// as configured (Linux: the volume is what PocketBase's process wrote to disk, /proc/<pid>/io); says how many writes were acknowledged and refused (with the first refusal), how many PASSIVE and
// TRUNCATE checkpoints ran, how large the WAL grew, and whether the replica, restored, holds every acknowledged row.
import { readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { connectAsSuperuser } from '../configure-pocketbase.mjs';
import { startPocketBase } from '../pocketbase-server.mjs';
import { freePort } from '../ports.mjs';
import { createBoardAndMember } from '../seed/board-and-member.mjs';
import { litestreamRestore } from './litestream-restore.mjs';
import { replicaLayout } from './replica-layout.mjs';
import { startReplication } from './replicator.mjs';

const SUPERUSER = { email: 'checkpoints@chorus.test', password: 'checkpoints-password-123456' };
/** An idea's body: near its longest (10,000), so the WAL grows fast through the real write path and hooks. */
const BODY_CHARS = 9000;

/**
 * `holdReader`: a second process's read transaction held open for that many ms, one second into the stream (a
 * backup tool, a report): Litestream's PASSIVE checkpoints cannot restart the WAL behind it, so past
 * `truncatePages` it forces a TRUNCATE one, which makes writers wait until the reader is done.
 * @param {{ workDir: string, megabytes: number, writers?: number, bin?: string, holdReader?: number,
 *   checkpoint?: import('./litestream-config.mjs').CheckpointSettings, log?: (line: string) => void }} options
 */
export async function runCheckpointStream({
  workDir,
  megabytes,
  writers = 4,
  bin,
  holdReader = 0,
  checkpoint,
  log = () => {},
}) {
  const dataDir = join(workDir, 'pb_data');
  const replicaDir = join(workDir, 'replica');
  const pocketbase = await startPocketBase({ dataDir, port: await freePort(), superuser: SUPERUSER, bin });
  const checkpoints = { PASSIVE: 0, TRUNCATE: 0, FULL: 0, RESTART: 0 };
  const replication = await startReplication({
    dataDir,
    replicaDir,
    log,
    checkpoint,
    logLevel: 'debug',
    onOutput(chunk) {
      // A TRUNCATE checkpoint counts when Litestream forces it: whether it then completes depends on the reader
      // behind it letting go before Litestream's busy timeout (it retries later as PASSIVE ones); either way the
      // writers wait through it, which is what is measured.
      for (const [, mode] of chunk.matchAll(/msg=checkpoint\b[^\n]*?mode=(PASSIVE|FULL|RESTART)/g))
        checkpoints[mode] = (checkpoints[mode] ?? 0) + 1;
      checkpoints.TRUNCATE += chunk.match(/msg="forcing truncate checkpoint"/g)?.length ?? 0;
    },
  });
  // What PocketBase's process has written to disk (its WAL frames, and data.db in its own automatic checkpoints).
  const walWritten = () =>
    Number(/write_bytes: (\d+)/.exec(readFileSync(`/proc/${pocketbase.process.pid}/io`, 'utf8'))?.[1] ?? 0);
  const acknowledged = [];
  const refusals = [];
  let walPeak = 0;
  let writtenMegabytes = 0;
  const walWatch = setInterval(() => {
    walPeak = Math.max(walPeak, statSync(join(dataDir, 'data.db-wal'), { throwIfNoEntry: false })?.size ?? 0);
  }, 50);
  const started = performance.now();
  try {
    const admin = await connectAsSuperuser(pocketbase.url, SUPERUSER);
    const { board, member } = await createBoardAndMember(admin, {
      board: 'Checkpoints',
      email: 'checkpoints-member@chorus.test',
      password: SUPERUSER.password,
      name: 'Checkpoint member',
    });
    const walBytesGoal = megabytes * 1024 * 1024;
    const writer = async () => {
      while (walWritten() < walBytesGoal) {
        const n = acknowledged.length + refusals.length;
        const body = `Idea ${n}: `.padEnd(BODY_CHARS, ` words${n % 97}`);
        try {
          const row = await admin
            .collection('posts')
            .create({ board: board.id, author: member.id, title: `Checkpoint idea ${n}`, approved: true, body });
          acknowledged.push(row.id);
        } catch (error) {
          refusals.push(`${error?.status ?? '?'} ${error?.response?.message ?? error?.message ?? error}`);
        }
      }
    };
    const reader = holdReader ? holdReadTransaction(join(dataDir, 'data.db'), 1000, holdReader) : Promise.resolve();
    await Promise.all([...Array.from({ length: writers }, writer), reader]);
  } finally {
    writtenMegabytes = walWritten() / 1024 / 1024;
    clearInterval(walWatch);
    await pocketbase.stop();
    await replication.stop();
  }
  const seconds = (performance.now() - started) / 1000;
  const restoredPath = join(workDir, 'restored', 'data.db');
  await litestreamRestore({
    replicaUrl: `file://${replicaLayout(replicaDir).database}`,
    outputPath: restoredPath,
    log,
  });
  const db = new DatabaseSync(restoredPath, { readOnly: true });
  const restored = new Set(
    db
      .prepare('SELECT id FROM posts')
      .all()
      .map((row) => row.id),
  );
  db.close();
  return {
    seconds,
    writtenMegabytes,
    acknowledged: acknowledged.length,
    refused: refusals.length,
    firstRefusal: refusals[0],
    checkpoints,
    walPeakMegabytes: walPeak / 1024 / 1024,
    missingFromReplica: acknowledged.filter((id) => !restored.has(id)).length,
  };
}

/** After `afterMs`, a read transaction on `dbPath` from another connection, held for `holdMs`. */
async function holdReadTransaction(dbPath, afterMs, holdMs) {
  await new Promise((r) => setTimeout(r, afterMs));
  const db = new DatabaseSync(dbPath);
  try {
    db.exec('BEGIN');
    db.prepare('SELECT count(*) AS n FROM posts').get();
    await new Promise((r) => setTimeout(r, holdMs));
    db.exec('COMMIT');
  } finally {
    db.close();
  }
}
