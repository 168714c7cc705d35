// `npm run pocketbase`: obtains the pinned PocketBase binary and prints where it is.
import { commandLine } from './lib/cli.mjs';
import { ensurePocketBase, pocketbaseVersion } from './lib/pocketbase-binary.mjs';

commandLine({ command: 'pocketbase', file: import.meta.url });

try {
  const bin = await ensurePocketBase();
  console.log(`${pocketbaseVersion(bin)} at ${bin}`);
} catch (error) {
  console.error(`Could not obtain PocketBase: ${error.message}`);
  process.exit(1);
}
