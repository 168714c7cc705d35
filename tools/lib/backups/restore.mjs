// `npm run restore`'s work: restores a replica (database and files) as of a moment into a new folder, checks
// it, and says what it restored.
import { existsSync, mkdirSync, readdirSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { litestreamRestore } from './litestream-restore.mjs';
import { databaseReplicaUrl, replicaLayout } from './replica-layout.mjs';
import { inspectDatabase, restoredPaths, servedIdeaCount } from './restore-check.mjs';
import { mirrorFiles } from './storage-mirror.mjs';

/**
 * @param {{ from: string, to: string, at?: Date, checkWithPocketBase?: boolean, log?: (line: string) => void }} options
 */
export async function restoreBackup({ from, to, at, checkWithPocketBase = true, log = () => {} }) {
  const started = performance.now();
  const created = !existsSync(to);
  mkdirSync(to, { recursive: true });
  const paths = restoredPaths(to);
  const replicaUrl = databaseReplicaUrl(from);
  const point = await litestreamRestore({ replicaUrl, outputPath: paths.database, at, log }).catch((error) => {
    // Nothing restored: leave no empty folder behind.
    if (created) rmSync(to, { recursive: true, force: true });
    throw error;
  });
  const restoredSeconds = (performance.now() - started) / 1000;
  // Files: from a local replica's copy (all of them; files of later records are simply unused). With a
  // replica URL the files are in PocketBase's own S3 storage and need no restore.
  const localFiles = replicaUrl.startsWith('file:') ? replicaLayout(from).storage : undefined;
  if (localFiles) mirrorFiles(localFiles, paths.storage);
  const files = countFiles(paths.storage);
  const checkStarted = performance.now();
  const database = inspectDatabase(paths.database);
  const servedIdeas = checkWithPocketBase && database.integrity === 'ok' ? await servedIdeaCount(to) : undefined;
  return {
    from,
    to,
    replicaUrl,
    ...point,
    database,
    files,
    servedIdeas,
    restoredSeconds,
    checkedSeconds: (performance.now() - checkStarted) / 1000,
  };
}

function countFiles(dir) {
  let count = 0;
  let bytes = 0;
  try {
    for (const entry of readdirSync(dir, { recursive: true, withFileTypes: true })) {
      // PocketBase keeps a .attrs sidecar (content type and such) beside each uploaded file.
      if (!entry.isFile() || entry.name.endsWith('.attrs')) continue;
      count += 1;
      bytes += statSync(join(entry.parentPath, entry.name)).size;
    }
  } catch {
    // no files
  }
  return { count, bytes };
}
