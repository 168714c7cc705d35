// Obtains the pinned Litestream binary (continuous SQLite replication) into the gitignored cache, the way
// PocketBase is obtained: built from its Go module with the local Go (it needs Go 1.26 or newer).
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { cachedBinary, hasGo, obtainOnce } from './cached-binary.mjs';

export const LITESTREAM_VERSION = '0.5.18';
const { dir: cacheDir, exe, path: binaryPath } = cachedBinary('litestream', LITESTREAM_VERSION, 'LITESTREAM_BIN');

export function litestreamBinaryPath() {
  return binaryPath();
}

export async function ensureLitestream({ log = console.log } = {}) {
  const bin = litestreamBinaryPath();
  if (existsSync(bin)) return bin;
  if (!hasGo()) {
    throw new Error(
      `Litestream v${LITESTREAM_VERSION} is built from its Go module, and Go is not installed: install Go 1.26 or ` +
        'newer (https://go.dev/dl/), or set LITESTREAM_BIN to a litestream binary of that version.',
    );
  }
  return obtainOnce(join(cacheDir, exe), (workDir) => buildWithGo(workDir, log));
}

function buildWithGo(workDir, log) {
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
      env: { ...process.env, GOBIN: workDir, GOTOOLCHAIN: process.env.GOTOOLCHAIN || 'local' },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const built = join(workDir, exe);
  if (result.status !== 0 || !existsSync(built)) {
    throw new Error(`Building Litestream with Go failed (exit ${result.status}). See the output above.`);
  }
  return built;
}

export function litestreamVersion(bin = litestreamBinaryPath()) {
  return execFileSync(bin, ['version'], { encoding: 'utf8' }).trim();
}
