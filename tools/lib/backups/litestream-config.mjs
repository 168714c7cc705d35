// The Litestream configuration for replicating PocketBase's main database (pb_data/data.db) to a local folder.
// It looks for new WAL frames every 100 ms and copies them to the replica every 200 ms, so an acknowledged
// write reaches the replica well within a second (Litestream's defaults, 1 s each, would make it up to 2 s).
//
// Litestream checkpoints the WAL into data.db with its own defaults (a PASSIVE checkpoint once the WAL holds
// 1,000 pages or every minute; a TRUNCATE one past about 500 MB). Each takes the write lock from a second
// process; Chorus's PocketBase (server/cmd/pocketbase) begins every write transaction IMMEDIATE, so a write
// waits for a checkpoint instead of failing with SQLITE_BUSY_SNAPSHOT, which a stock PocketBase (deferred
// transactions) does: 35 of 600 ideas created one after another were refused with Litestream's defaults, so
// checkpoints used to be off and the WAL grew to the emergency truncate (`npm run bench -- checkpoints`).
import { join } from 'node:path';

export const MONITOR_INTERVAL = '100ms';
export const SYNC_INTERVAL = '200ms';

/**
 * @typedef {{ interval?: string, minPages?: number, truncatePages?: number }} CheckpointSettings
 * Litestream's `checkpoint-interval`, `min-checkpoint-page-count` and `truncate-page-n` (its defaults unset).
 */

/**
 * YAML has no quoting trouble with JSON strings, so paths are written as JSON. `replica` is a local folder or,
 * with `url`, an S3-compatible bucket (s3://bucket/path, R2 with `endpoint`); its keys come from Litestream's
 * own environment variables (LITESTREAM_ACCESS_KEY_ID, LITESTREAM_SECRET_ACCESS_KEY).
 * @param {{ dataDir: string, replicaDatabaseDir?: string, replicaUrl?: string, endpoint?: string,
 *   checkpoint?: CheckpointSettings, logLevel?: 'debug' | 'info' | 'warn' }} options
 */
export function litestreamConfig({
  dataDir,
  replicaDatabaseDir,
  replicaUrl,
  endpoint,
  checkpoint = {},
  logLevel = 'warn',
}) {
  const replica = replicaUrl
    ? [`      url: ${JSON.stringify(replicaUrl)}`, ...(endpoint ? [`      endpoint: ${JSON.stringify(endpoint)}`] : [])]
    : ['      type: file', `      path: ${JSON.stringify(replicaDatabaseDir)}`];
  return [
    '# Written by Chorus on every start (tools/lib/backups/litestream-config.mjs); edits are overwritten.',
    'logging:',
    `  level: ${logLevel}`,
    '  stderr: true',
    'dbs:',
    `  - path: ${JSON.stringify(join(dataDir, 'data.db'))}`,
    `    monitor-interval: ${MONITOR_INTERVAL}`,
    ...(checkpoint.interval ? [`    checkpoint-interval: ${checkpoint.interval}`] : []),
    ...(checkpoint.minPages ? [`    min-checkpoint-page-count: ${checkpoint.minPages}`] : []),
    ...(checkpoint.truncatePages ? [`    truncate-page-n: ${checkpoint.truncatePages}`] : []),
    '    replica:',
    ...replica,
    `      sync-interval: ${SYNC_INTERVAL}`,
    '',
  ].join('\n');
}
