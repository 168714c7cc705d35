// Keeps a copy of PocketBase's uploaded files (pb_data/storage) in the replica folder. PocketBase writes each
// file once under a new name, so copying every file the copy lacks (or has at another size) keeps it whole;
// files PocketBase deletes stay in the copy, so a restore to an earlier time still finds them.
import { copyFileSync, existsSync, mkdirSync, readdirSync, renameSync, statSync } from 'node:fs';
import { dirname, join, relative } from 'node:path';

/** Copies what `from` has and `to` lacks; returns how many files it copied. */
export function mirrorFiles(from, to) {
  if (!existsSync(from)) return 0;
  let copied = 0;
  for (const entry of readdirSync(from, { recursive: true, withFileTypes: true })) {
    if (!entry.isFile()) continue;
    const source = join(entry.parentPath, entry.name);
    const target = join(to, relative(from, source));
    try {
      if (existsSync(target) && statSync(target).size === statSync(source).size) continue;
      mkdirSync(dirname(target), { recursive: true });
      copyFileSync(source, `${target}.partial`);
      renameSync(`${target}.partial`, target);
      copied += 1;
    } catch (error) {
      // Deleted between the listing and the copy: nothing to keep.
      if (error?.code !== 'ENOENT') throw error;
    }
  }
  return copied;
}

/** Mirrors every `intervalMs` until stopped; `stop()` mirrors a last time. */
export function startStorageMirror({ from, to, intervalMs = 1000, log = () => {} }) {
  const tick = () => {
    try {
      mirrorFiles(from, to);
    } catch (error) {
      log(`Backing up uploaded files failed: ${error instanceof Error ? error.message : error}`);
    }
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  return {
    stop() {
      clearInterval(timer);
      tick();
    },
  };
}
