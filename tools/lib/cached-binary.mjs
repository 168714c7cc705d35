// Where the tools the project builds or downloads itself (PocketBase, Litestream) live: a gitignored cache per
// name and version, unless an environment variable names a binary; and how to obtain one exactly once when several
// processes (test workers, `npm start`) ask at the same moment.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { onceAcrossProcesses } from './once-across-processes.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');

/**
 * @param {string} name the executable's name without extension
 * @param {string} version
 * @param {string} override the environment variable that names another binary
 */
export function cachedBinary(name, version, override) {
  const dir = join(root, '.cache', name, version);
  const exe = platform() === 'win32' ? `${name}.exe` : name;
  return { dir, exe, path: () => process.env[override] || join(dir, exe) };
}

/**
 * Makes `target` exist, running `produce(workDir)` at most once across processes: the first caller takes a lock
 * folder beside the target and produces the file in a private work folder, then renames it into place (an atomic
 * step, so nobody ever runs a half-written binary); the others wait for the file. `produce` returns the path of the
 * finished file inside `workDir`.
 * @param {string} target
 * @param {(workDir: string) => Promise<string> | string} produce
 */
export async function obtainOnce(target, produce) {
  if (existsSync(target)) return target; // renamed into place whole: no lock needed to trust it
  await onceAcrossProcesses(
    `${target}.lock`,
    () => existsSync(target),
    async () => {
      const workDir = join(dirname(target), `.work-${process.pid}-${randomBytes(4).toString('hex')}`);
      try {
        mkdirSync(workDir, { recursive: true });
        renameSync(await produce(workDir), target);
      } finally {
        rmSync(workDir, { recursive: true, force: true });
      }
    },
  );
  return target;
}
