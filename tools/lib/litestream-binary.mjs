// Obtains the pinned Litestream binary (continuous SQLite replication) into the gitignored cache, the way
// PocketBase is obtained: built from its Go module with Go 1.26 or newer (the machine's, or the pinned toolchain
// fetched from the Go module proxy: go-toolchain.mjs), statically
// (its SQLite is modernc's, pure Go), so the same binary runs in the server bundle and its `scratch` image;
// for another processor (the arm64 bundle) it is cross-built into a cache of its own.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, renameSync, rmSync } from 'node:fs';
import { arch as hostArch } from 'node:os';
import { join } from 'node:path';
import { cachedBinary, obtainOnce } from './cached-binary.mjs';
import { ensureGo, goCommand } from './go-toolchain.mjs';

export const LITESTREAM_VERSION = '0.5.18';
const {
  dir: cacheDir,
  exe,
  path: binaryPath,
} = cachedBinary('litestream', `${LITESTREAM_VERSION}-static`, 'LITESTREAM_BIN');

export function litestreamBinaryPath() {
  return binaryPath();
}

export async function ensureLitestream({ log = console.log } = {}) {
  const bin = litestreamBinaryPath();
  if (existsSync(bin)) return bin;
  await ensureGo({ log });
  return obtainOnce(join(cacheDir, exe), (workDir) => buildWithGo(workDir, log));
}

const GO_ARCH = { x64: 'amd64', arm64: 'arm64' };

/** Litestream for Linux on `goarch` (amd64, arm64): this machine's binary, or one cross-built once. */
export async function ensureLitestreamFor(goarch, { log = console.log } = {}) {
  if (goarch === GO_ARCH[hostArch()]) return ensureLitestream({ log });
  const target = join(`${cacheDir}-linux-${goarch}`, 'litestream');
  if (existsSync(target)) return target;
  await ensureGo({ log });
  return obtainOnce(target, (workDir) => buildWithGo(workDir, log, goarch));
}

function buildWithGo(workDir, log, goarch = undefined) {
  log(`Building Litestream v${LITESTREAM_VERSION} from its Go module (first run only, a few minutes)…`);
  // `go install` refuses GOBIN when cross-compiling: a GOPATH of its own receives bin/linux_<arch>/ instead.
  const gopath = join(workDir, 'gopath');
  const goEnv = (name) => spawnSync(goCommand(), ['env', name], { encoding: 'utf8' }).stdout.trim();
  if (goarch) mkdirSync(gopath, { recursive: true });
  const result = spawnSync(
    goCommand(),
    [
      'install',
      '-trimpath',
      '-ldflags',
      `-s -w -X main.Version=v${LITESTREAM_VERSION}`,
      `github.com/benbjohnson/litestream/cmd/litestream@v${LITESTREAM_VERSION}`,
    ],
    {
      // The module asks for Go 1.26; the local toolchain builds it (set GOTOOLCHAIN=auto to let Go fetch one).
      env: {
        ...process.env,
        CGO_ENABLED: '0',
        GOTOOLCHAIN: process.env.GOTOOLCHAIN || 'local',
        ...(goarch
          ? { GOARCH: goarch, GOOS: 'linux', GOPATH: gopath, GOMODCACHE: goEnv('GOMODCACHE'), GOBIN: '' }
          : { GOBIN: workDir }),
      },
      stdio: ['ignore', 'inherit', 'inherit'],
    },
  );
  const built = goarch ? join(gopath, 'bin', `linux_${goarch}`, exe) : join(workDir, exe);
  if (result.status !== 0 || !existsSync(built)) {
    throw new Error(`Building Litestream with Go failed (exit ${result.status}). See the output above.`);
  }
  if (!goarch) return built;
  const moved = join(workDir, exe);
  renameSync(built, moved);
  rmSync(gopath, { recursive: true, force: true, maxRetries: 3 });
  return moved;
}

export function litestreamVersion(bin = litestreamBinaryPath()) {
  return execFileSync(bin, ['version'], { encoding: 'utf8' }).trim();
}
