// Obtains the pinned Litestream binary (continuous SQLite replication) into the gitignored cache, the way
// PocketBase is obtained: built from its Go module with the local Go (it needs Go 1.26 or newer).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

export const LITESTREAM_VERSION = '0.5.18';
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../..');
const cacheDir = join(root, '.cache', 'litestream', LITESTREAM_VERSION);
const exe = platform() === 'win32' ? 'litestream.exe' : 'litestream';

export function litestreamBinaryPath() {
  return process.env.LITESTREAM_BIN || join(cacheDir, exe);
}

export async function ensureLitestream({ log = console.log } = {}) {
  const bin = litestreamBinaryPath();
  if (existsSync(bin)) return bin;
  if (spawnSync('go', ['version'], { stdio: 'ignore' }).status !== 0) {
    throw new Error(
      `Litestream v${LITESTREAM_VERSION} is built from its Go module, and Go is not installed: install Go 1.26 or ` +
        'newer (https://go.dev/dl/), or set LITESTREAM_BIN to a litestream binary of that version.',
    );
  }
  mkdirSync(cacheDir, { recursive: true });
  log(`Building Litestream v${LITESTREAM_VERSION} from its Go module (first run only, a few minutes)…`);
  const result = spawnSync(
    'go',
    [
      'install',
      '-ldflags',
      `-s -w -X main.Version=v${LITESTREAM_VERSION}`,
      `github.com/benbjohnson/litestream/cmd/litestream@v${LITESTREAM_VERSION}`,
    ],
    {
      // The module asks for Go 1.26; the local toolchain builds it (set GOTOOLCHAIN=auto to let Go fetch one).
      env: { ...process.env, GOBIN: cacheDir, GOTOOLCHAIN: process.env.GOTOOLCHAIN || 'local' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  if (result.status !== 0 || !existsSync(bin)) {
    throw new Error(`Building Litestream with Go failed (exit ${result.status}). See the output above.`);
  }
  return bin;
}

export function litestreamVersion(bin = litestreamBinaryPath()) {
  return execFileSync(bin, ['version'], { encoding: 'utf8' }).trim();
}
