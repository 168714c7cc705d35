// Another revision's server-side tree (pb_hooks, pb_migrations, locales), unpacked from git into a temp folder:
// a bench's "before" side runs PocketBase on it (startBenchPocketBase({ tree })) beside this checkout's "after".
import { execFileSync } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export function revisionTree(revision) {
  const folder = mkdtempSync(join(tmpdir(), 'chorus-bench-tree-'));
  const root = new URL('../../../', import.meta.url).pathname;
  const archive = join(folder, 'tree.tar');
  execFileSync('git', ['-C', root, 'archive', '-o', archive, revision, 'pb_hooks', 'pb_migrations', 'locales']);
  execFileSync('tar', ['-x', '-f', archive, '-C', folder]);
  return folder;
}
