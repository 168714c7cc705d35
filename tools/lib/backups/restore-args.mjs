// Reads `npm run restore`'s arguments: where from (--from), where to (--to) and which moment (--at).
import { existsSync, readdirSync } from 'node:fs';
import { resolve } from 'node:path';
import { UsageError } from '../cli.mjs';
import { replicaDirFromEnv } from './replica-dir.mjs';

export { UsageError };

export const RESTORE_USAGE = `Usage: npm run restore -- --to <folder> [--from <replica folder or URL>] [--at <ISO time>]

Restores PocketBase's data (data.db and the uploaded files) from a Litestream replica into a new folder,
then checks it: SQLite's integrity check, the number of ideas, members, comments and files, and PocketBase
starting on it with the migrations.

  --to <folder>    where to restore; must not exist or be empty, and is never the live data folder
  --from <where>   a replica folder (default: the one npm start keeps, CHORUS_REPLICA_DIR or <PB_DATA_DIR>_replica)
                   or the s3:// replica chorus-server writes, as its CHORUS_REPLICA_DIR plus the endpoint, e.g.
                   s3://chorus-backups/chorus?endpoint=https://<account-id>.r2.cloudflarestorage.com&region=auto
                   (credentials from AWS_ACCESS_KEY_ID and AWS_SECRET_ACCESS_KEY; files are then in your S3 storage)
  --at <time>      the moment to restore, an ISO time such as 2026-05-01T09:30:00Z (default: the latest)
  --help           prints this

Exit codes: 0 restored and checked, 1 the restore failed, 2 a missing or wrong argument, 3 restored but a check failed.`;

/**
 * @param {string[]} argv the arguments after the script
 * @returns {{ help: true } | { help: false, from: string, to: string, at: Date | undefined }}
 */
export function parseRestoreArgs(argv, env = process.env) {
  const values = {};
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    if (arg === '--help' || arg === '-h') return { help: true };
    const [name, inline] = arg.split(/=(.*)/s, 2);
    if (!['--from', '--to', '--at'].includes(name)) throw new UsageError(`Unknown argument ${arg}; see --help.`);
    const value = inline ?? argv[++i];
    if (!value || value.startsWith('--')) throw new UsageError(`${name} needs a value; see --help.`);
    values[name.slice(2)] = value;
  }
  let at;
  if (values.at) {
    at = new Date(values.at);
    if (Number.isNaN(at.getTime()))
      throw new UsageError(`--at ${values.at} is not a time; use e.g. 2026-05-01T09:30:00Z.`);
  }
  const dataDir = resolve(env.PB_DATA_DIR ?? 'pb_data');
  const from = values.from ?? replicaDirFromEnv(dataDir, env);
  if (!from) throw new UsageError('Say where to restore from with --from (CHORUS_REPLICA_DIR is off).');
  if (!values.to) throw new UsageError('Say where to restore to with --to <new folder>.');
  const to = resolve(values.to);
  if (to === dataDir) throw new UsageError(`--to is the live data folder ${dataDir}; restore into a new folder.`);
  if (existsSync(to) && readdirSync(to).length > 0) {
    throw new UsageError(`--to ${to} is not empty; restore into a new or empty folder.`);
  }
  if (!/:\/\//.test(from) && !existsSync(resolve(from))) throw new UsageError(`There is no replica at ${from}.`);
  return { help: false, from, to, at };
}
