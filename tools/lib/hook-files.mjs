// The hook files PocketBase runs, in its order: every pb_hooks/<concept>/**/*.pb.js sorted by path, as
// pb_hooks/load.pb.js (the one file PocketBase loads itself) requires them.
import { readdirSync } from 'node:fs';
import { join } from 'node:path';

/** Paths relative to `hooksDir` of every concept's *.pb.js, in load order (the loader itself left out). */
export function hookFiles(hooksDir) {
  return readdirSync(hooksDir, { recursive: true, encoding: 'utf8' })
    .filter((path) => path.includes('/') && path.endsWith('.pb.js'))
    .sort();
}

/** The path of the hook file named `name` (e.g. 'audit.pb.js') under `hooksDir`, whatever concept holds it. */
export function hookFileNamed(hooksDir, name) {
  const found = hookFiles(hooksDir).find((path) => path.split('/').at(-1) === name);
  if (!found) throw new Error(`No hook file ${name} under ${hooksDir}.`);
  return join(hooksDir, found);
}
