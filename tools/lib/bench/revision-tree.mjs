// Another revision's server-side tree (pb_hooks, pb_migrations, locales, and its own PocketBase program from server/,
// built into the folder), unpacked from git into a temp folder: a bench's "before" side runs that PocketBase on it
// (startBenchPocketBase({ tree })) beside this checkout's "after", so Go and JavaScript hooks of one revision run together.
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { goBuild } from '../pocketbase-binary.mjs';

export function revisionTree(revision) {
  const folder = mkdtempSync(join(tmpdir(), 'chorus-bench-tree-'));
  const root = new URL('../../../', import.meta.url).pathname;
  const archive = join(folder, 'tree.tar');
  execFileSync('git', [
    '-C',
    root,
    'archive',
    '-o',
    archive,
    revision,
    'pb_hooks',
    'pb_migrations',
    'locales',
    'server',
  ]);
  execFileSync('tar', ['-x', '-f', archive, '-C', folder]);
  goBuild('cmd/pocketbase', join(folder, 'pocketbase'), { module: join(folder, 'server') });
  return folder;
}
