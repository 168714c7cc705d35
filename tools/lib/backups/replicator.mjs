// Continuous backups beside a local PocketBase: Litestream streams data.db to the replica folder, and the
// uploaded files are copied there too. Litestream runs in its own process, so it keeps going while the
// supervisor restarts a crashed PocketBase; if Litestream itself dies unexpectedly it is started again.
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, renameSync, statSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { ensureLitestream } from '../litestream-binary.mjs';
import { stopProcess } from '../pocketbase-server.mjs';
import { litestreamConfig } from './litestream-config.mjs';
import { replicaLayout } from './replica-layout.mjs';
import { startStorageMirror } from './storage-mirror.mjs';

const RESTART_DELAY_MS = 1000;
const SETUP_TIMEOUT_MS = 60_000;
/** SQLite's WAL header: a WAL at least this long needs no write from Litestream to exist. */
const WAL_HEADER_BYTES = 32;

/**
 * Resolves once Litestream has made its own setup writes to data.db, so that none lands between a PocketBase
 * transaction's first read and its first write. On its first sync, Litestream creates its two tables (writes),
 * then its metadata folder beside data.db, then writes a row if the WAL has no header yet. Each of those writes
 * from a second process refuses a PocketBase write transaction that had already read ("database is locked
 * (517)": 3 of 12 fresh `npm start` seedings under load failed on their first write this way). Once the
 * folder exists and the WAL has its header, Litestream writes only when it checkpoints. (Chorus's own PocketBase
 * begins its write transactions IMMEDIATE, so none of those writes refuses anything; a stock PocketBase's do.)
 */
export async function litestreamSetUp(dataDir, { timeoutMs = SETUP_TIMEOUT_MS } = {}) {
  const metaDir = join(dataDir, '.data.db-litestream');
  const wal = join(dataDir, 'data.db-wal');
  const done = () => existsSync(metaDir) && (statSync(wal, { throwIfNoEntry: false })?.size ?? 0) >= WAL_HEADER_BYTES;
  const deadline = Date.now() + timeoutMs;
  while (!done()) {
    if (Date.now() > deadline) return false;
    await new Promise((r) => setTimeout(r, 25));
  }
  return true;
}

/**
 * A replica made from another pb_data (one deleted to start over) is moved aside rather than overwritten, so
 * its backups stay restorable. Call it before PocketBase creates data.db.
 * @returns {string | undefined} where the earlier replica now is
 */
export function keepEarlierReplica(dataDir, replicaDir) {
  const { dir } = replicaLayout(replicaDir);
  if (existsSync(join(dataDir, 'data.db')) || !existsSync(dir) || readdirSync(dir).length === 0) return undefined;
  const aside = `${dir}-before-${new Date().toISOString().replace(/[:.]/g, '-')}`;
  renameSync(dir, aside);
  return aside;
}

/**
 * Starts replicating `dataDir` (after PocketBase has created data.db) into `replicaDir`, and resolves once
 * Litestream's own setup writes are behind it. `checkpoint` and `logLevel` change Litestream's (a test makes it
 * checkpoint often and counts its checkpoints in what it says, given to `onOutput`).
 * @param {{ dataDir: string, replicaDir: string, log?: (line: string) => void,
 *   checkpoint?: import('./litestream-config.mjs').CheckpointSettings, logLevel?: 'debug' | 'info' | 'warn',
 *   onOutput?: (chunk: string) => void }} options
 */
export async function startReplication({ dataDir, replicaDir, log = () => {}, checkpoint, logLevel, onOutput }) {
  const bin = await ensureLitestream({ log });
  const layout = replicaLayout(replicaDir);
  mkdirSync(layout.database, { recursive: true });
  writeFileSync(
    layout.config,
    litestreamConfig({ dataDir, replicaDatabaseDir: layout.database, checkpoint, logLevel }),
  );
  let heldDown = false;
  let child;
  const start = () => {
    const current = spawn(bin, ['replicate', '-config', layout.config], { stdio: ['ignore', 'ignore', 'pipe'] });
    let output = '';
    current.stderr.on('data', (chunk) => {
      output = (output + chunk).slice(-2000);
      onOutput?.(String(chunk));
    });
    current.once('exit', (code, signal) => {
      // Ctrl-C reaches Litestream as well: give the shutdown a moment to say it is one.
      setTimeout(() => {
        if (heldDown || current !== child) return;
        const how = signal ? `signal ${signal}` : `exit code ${code}`;
        log(`Litestream (backups) stopped unexpectedly (${how}); restarting it… ${output.trim()}`.trim());
        start();
      }, RESTART_DELAY_MS).unref();
    });
    child = current;
  };
  start();
  if (!(await litestreamSetUp(dataDir)))
    log(`Litestream did not set up within ${SETUP_TIMEOUT_MS / 1000} s; the first writes may be refused once.`);
  const files = startStorageMirror({ from: join(dataDir, 'storage'), to: layout.storage, log });
  return {
    replicaDir: layout.dir,
    /** Litestream's process (it changes after a restart). */
    process: () => child,
    /** From now on Litestream exiting is a shutdown, not a crash (call first thing on Ctrl-C). */
    holdDown() {
      heldDown = true;
    },
    /** Stops Litestream (which syncs what it has first) and copies the last new files. */
    async stop() {
      heldDown = true;
      files.stop();
      await stopProcess(child);
    },
  };
}
