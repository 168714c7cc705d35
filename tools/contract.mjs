// `npm run contract`: writes the CommonJS copies of src/contract/*.ts that PocketBase's hooks require, and Go's
// copy of the constants it shares with them (server/cmd/pocketbase/contract_gen.go, and its test's cases).
import { mkdirSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { commandLine } from './lib/cli.mjs';
import { contractTarget, generatedContract } from './lib/contract.mjs';

commandLine({ command: 'contract', file: import.meta.url });

const files = generatedContract();
mkdirSync(contractTarget, { recursive: true });
const keep = new Set(files.map((f) => f.path));
for (const name of readdirSync(contractTarget)) {
  if (!keep.has(join(contractTarget, name))) rmSync(join(contractTarget, name));
}
for (const file of files) {
  mkdirSync(dirname(file.path), { recursive: true });
  writeFileSync(file.path, file.text);
}
console.log(`Wrote ${files.length} contract file(s) to pb_hooks/platform/contract/ and server/cmd/pocketbase/.`);
