// Where a local replica keeps what: Litestream's copy of data.db in data/, uploaded files in storage/.
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

/** @param {string} replicaDir */
export function replicaLayout(replicaDir) {
  const dir = resolve(replicaDir);
  return {
    dir,
    /** Litestream's file replica of pb_data/data.db (LTX files). */
    database: join(dir, 'data'),
    /** A copy of pb_data/storage (uploaded files), kept beside the database. */
    storage: join(dir, 'storage'),
    /** The Litestream configuration the replicator writes (for `litestream ltx -config …` by hand). */
    config: join(dir, 'litestream.yml'),
  };
}

/** The Litestream replica URL of a `--from`: an s3:// (or other) URL as is, a folder as its data/ replica. */
export function databaseReplicaUrl(from) {
  if (/^[a-z][a-z0-9+.-]*:\/\//i.test(from)) return from;
  return pathToFileURL(replicaLayout(from).database).href;
}
