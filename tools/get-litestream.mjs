// `npm run litestream`: obtains the pinned Litestream binary (for backups and the restore drill) and prints where it is.
import { commandLine } from './lib/cli.mjs';
import { ensureLitestream, litestreamVersion } from './lib/litestream-binary.mjs';

commandLine({ command: 'litestream', file: import.meta.url });

try {
  const bin = await ensureLitestream();
  console.log(`Litestream ${litestreamVersion(bin)} at ${bin}`);
} catch (error) {
  console.error(`Could not obtain Litestream: ${error.message}`);
  process.exit(1);
}
