// Obtains the pinned PocketBase server binary into a gitignored cache: Chorus's own PocketBase program
// (server/cmd/pocketbase: PocketBase's module with the vote's counting in Go and write transactions that begin
// IMMEDIATE, so Litestream's checkpoints never refuse a write), built once per change of its sources with Go (the
// machine's, or the pinned toolchain fetched and verified from the Go module proxy: tools/lib/go-toolchain.mjs).
// PocketBase's stock release would not count votes, so it is never a stand-in.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedBinary, obtainOnce } from './cached-binary.mjs';
import { ensureGo, goCommand } from './go-toolchain.mjs';

export const POCKETBASE_VERSION = '0.39.11';
/** The Go module with Chorus's PocketBase program and chorus-server. */
export const SERVER_MODULE = resolve(dirname(fileURLToPath(import.meta.url)), '../../server');
const {
  dir: cacheDir,
  exe,
  path: binaryPath,
} = cachedBinary('pocketbase', `${POCKETBASE_VERSION}-chorus-${sourcesId('cmd/pocketbase')}`, 'POCKETBASE_BIN');

/** A short fingerprint of the module's requirements and one program's sources: a change builds it anew. */
export function sourcesId(program) {
  const hash = createHash('sha256');
  for (const file of ['go.mod', 'go.sum']) hash.update(readFileSync(join(SERVER_MODULE, file)));
  const files = readdirSync(join(SERVER_MODULE, program), { withFileTypes: true }).filter((entry) => entry.isFile());
  for (const file of files.map((entry) => entry.name).sort()) {
    hash.update(file).update(readFileSync(join(SERVER_MODULE, program, file)));
  }
  return hash.digest('hex').slice(0, 10);
}

export function pocketbaseBinaryPath() {
  return binaryPath();
}

/** The binary, obtained once (several test workers may ask at the same moment: one builds, the rest wait). */
export async function ensurePocketBase({ log = console.log } = {}) {
  const bin = pocketbaseBinaryPath();
  if (existsSync(bin)) return bin;
  await ensureGo({ log });
  return obtainOnce(join(cacheDir, exe), (workDir) => {
    log(`Building PocketBase v${POCKETBASE_VERSION} from its Go module (first run only)…`);
    return goBuild('cmd/pocketbase', join(workDir, exe));
  });
}

/**
 * Builds one program of the server module into `output`, statically (no C compiler, any Linux), for this machine
 * or for `goarch` (amd64, arm64); `module` another revision's server module (a bench's base side). Go fetches the
 * module's requirements from its proxy into its module cache.
 */
export function goBuild(program, output, { goarch, goos, module = SERVER_MODULE } = {}) {
  const ldflags = `-s -w -X github.com/pocketbase/pocketbase.Version=${POCKETBASE_VERSION}`;
  const result = spawnSync(goCommand(), ['build', '-trimpath', '-ldflags', ldflags, '-o', output, `./${program}`], {
    cwd: module,
    env: {
      ...process.env,
      CGO_ENABLED: '0',
      GOFLAGS: '-buildvcs=false',
      ...(goarch ? { GOARCH: goarch } : {}),
      ...(goos ? { GOOS: goos } : {}),
    },
    stdio: ['ignore', 'inherit', 'inherit'],
  });
  if (result.status !== 0 || !existsSync(output)) {
    throw new Error(`Building ${program} with Go failed (exit ${result.status}). See the output above.`);
  }
  return output;
}

export function pocketbaseVersion(bin = pocketbaseBinaryPath()) {
  return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
}
