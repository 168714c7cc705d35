// Where the tools the project builds or downloads itself (PocketBase, Litestream) live: a gitignored cache per
// name and version, unless an environment variable names a binary; and how to obtain one exactly once when several
// processes (test workers, `npm start`) ask at the same moment.
import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, renameSync, rmSync, statSync } from 'node:fs';
import { platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { fileURLToPath } from 'node:url';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
// A lock older than this belongs to a process that died mid-build (a Go build here takes a few minutes).
const STALE_LOCK_MS = 20 * 60_000;

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
  const lock = `${target}.lock`;
  mkdirSync(dirname(target), { recursive: true });
  while (!existsSync(target)) {
    if (!takeLock(lock)) {
      await sleep(500);
      continue;
    }
    const workDir = join(dirname(target), `.work-${process.pid}-${randomBytes(4).toString('hex')}`);
    try {
      if (existsSync(target)) return target;
      mkdirSync(workDir, { recursive: true });
      renameSync(await produce(workDir), target);
    } finally {
      rmSync(workDir, { recursive: true, force: true });
      rmSync(lock, { recursive: true, force: true });
    }
  }
  return target;
}

function takeLock(lock) {
  try {
    mkdirSync(lock);
    return true;
  } catch (error) {
    if (error.code !== 'EEXIST') throw error;
    const age = Date.now() - lockTime(lock);
    if (age > STALE_LOCK_MS) rmSync(lock, { recursive: true, force: true });
    return false;
  }
}

function lockTime(lock) {
  try {
    return statSync(lock).mtimeMs;
  } catch {
    return Date.now();
  }
}
