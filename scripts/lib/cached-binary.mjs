// Where the tools the project builds or downloads itself (PocketBase, Litestream) live: a gitignored cache per
// name and version, unless an environment variable names a binary; and whether Go can build them here.
import { spawnSync } from 'node:child_process';
import { platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

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

export function hasGo() {
  return spawnSync('go', ['version'], { stdio: 'ignore' }).status === 0;
}
