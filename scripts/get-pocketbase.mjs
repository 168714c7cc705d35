// `npm run pocketbase`: obtains the pinned PocketBase binary and prints where it is.
import { ensurePocketBase, pocketbaseVersion } from './lib/pocketbase-binary.mjs';

try {
  const bin = await ensurePocketBase();
  console.log(`${pocketbaseVersion(bin)} at ${bin}`);
} catch (error) {
  console.error(`Could not obtain PocketBase: ${error.message}`);
  process.exit(1);
}
