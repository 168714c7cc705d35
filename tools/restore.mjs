// `npm run restore`: restores PocketBase's data from the continuous backup (a replica folder or URL) as of a
// chosen moment into a new folder, checks it and says how to use it. `--help` tells the arguments.
import './lib/require-node.mjs';
import { RestoreError } from './lib/backups/litestream-restore.mjs';
import { restoreBackup } from './lib/backups/restore.mjs';
import { parseRestoreArgs, RESTORE_USAGE, UsageError } from './lib/backups/restore-args.mjs';
import { restoreReport } from './lib/backups/restore-report.mjs';

let args;
try {
  args = parseRestoreArgs(process.argv.slice(2));
} catch (error) {
  if (!(error instanceof UsageError)) throw error;
  console.error(error.message);
  process.exit(2);
}
if (args.help) {
  console.log(RESTORE_USAGE);
  process.exit(0);
}
try {
  const result = await restoreBackup({ ...args, log: (line) => console.error(line) });
  console.log(restoreReport(result));
  process.exit(result.database.integrity === 'ok' ? 0 : 3);
} catch (error) {
  const known = error instanceof RestoreError;
  console.error(known ? error.message : `The restore failed: ${error instanceof Error ? error.message : error}`);
  process.exit(1);
}
