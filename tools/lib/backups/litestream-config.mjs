// The Litestream configuration for replicating PocketBase's main database (pb_data/data.db) to a local folder.
// It looks for new WAL frames every 100 ms and copies them to the replica every 200 ms, so an acknowledged
// write reaches the replica well within a second (Litestream's defaults, 1 s each, would make it up to 2 s).
//
// Litestream's own checkpoints are off (no timer, a page count it never reaches). Each one takes the write lock
// from a second process and writes a row, and PocketBase's write transactions read before they write (deferred),
// so one that had already read then fails with SQLITE_BUSY_SNAPSHOT ("database is locked (517)"), which
// PocketBase's statement retries cannot cure: with Litestream's defaults, 35 of 600 ideas created one after
// another were refused (in clusters of 1 to 7, about every 50 ideas). Refused writes are never acknowledged, so nothing is lost,
// but members would see errors. PocketBase's own automatic checkpoints still copy the WAL into data.db;
// Litestream's open read transaction keeps the WAL from restarting, so it grows until Litestream's emergency
// truncate (about 500 MB), which refuses a burst of writes the same way (README: Backups and restore).
import { join } from 'node:path';

export const MONITOR_INTERVAL = '100ms';
export const SYNC_INTERVAL = '200ms';
/** Litestream requires some page count: one it never reaches (its emergency truncate comes first). */
const NO_CHECKPOINT_PAGES = 2_000_000_000;

/** YAML has no quoting trouble with JSON strings, so paths are written as JSON. */
export function litestreamConfig({ dataDir, replicaDatabaseDir }) {
  return [
    '# Written by Chorus on every start (tools/lib/backups/litestream-config.mjs); edits are overwritten.',
    'logging:',
    '  level: warn',
    '  stderr: true',
    'dbs:',
    `  - path: ${JSON.stringify(join(dataDir, 'data.db'))}`,
    `    monitor-interval: ${MONITOR_INTERVAL}`,
    '    checkpoint-interval: 0s',
    `    min-checkpoint-page-count: ${NO_CHECKPOINT_PAGES}`,
    '    replica:',
    '      type: file',
    `      path: ${JSON.stringify(replicaDatabaseDir)}`,
    `      sync-interval: ${SYNC_INTERVAL}`,
    '',
  ].join('\n');
}
