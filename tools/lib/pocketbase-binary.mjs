// Obtains the pinned PocketBase server binary into a gitignored cache: where Go is installed, Chorus's own
// PocketBase program (server/cmd/pocketbase: PocketBase's module with write transactions that begin IMMEDIATE,
// so Litestream's checkpoints never refuse a write), built once per change of its sources; otherwise the
// official release archive, verified against the SHA-256 in that release's published checksums file.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { cachedBinary, hasGo, obtainOnce } from './cached-binary.mjs';
import { extractZipEntry } from './unzip.mjs';

export const POCKETBASE_VERSION = '0.39.11';
/** The Go module with Chorus's PocketBase program and chorus-server. */
export const SERVER_MODULE = resolve(dirname(fileURLToPath(import.meta.url)), '../../server');
const withGo = hasGo();
const {
  dir: cacheDir,
  exe,
  path: binaryPath,
} = cachedBinary(
  'pocketbase',
  withGo ? `${POCKETBASE_VERSION}-chorus-${sourcesId('cmd/pocketbase')}` : POCKETBASE_VERSION,
  'POCKETBASE_BIN',
);

/** A short fingerprint of the module's requirements and one program's sources: a change builds it anew. */
export function sourcesId(program) {
  const hash = createHash('sha256');
  for (const file of ['go.mod', 'go.sum']) hash.update(readFileSync(join(SERVER_MODULE, file)));
  for (const file of readdirSync(join(SERVER_MODULE, program)).sort()) {
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
  return obtainOnce(join(cacheDir, exe), async (workDir) => {
    if (withGo) {
      log(`Building PocketBase v${POCKETBASE_VERSION} from its Go module (first run only)…`);
      return buildWithGo(workDir);
    }
    log(`Downloading PocketBase v${POCKETBASE_VERSION} (first run only)…`);
    return downloadRelease(workDir);
  });
}

function buildWithGo(workDir) {
  return goBuild('cmd/pocketbase', join(workDir, exe));
}

/**
 * Builds one program of the server module into `output`, statically (no C compiler, any Linux), for this machine
 * or for `goarch` (amd64, arm64); `module` another revision's server module (a bench's base side). Go fetches the
 * module's requirements from its proxy into its module cache.
 */
export function goBuild(program, output, { goarch, goos, module = SERVER_MODULE } = {}) {
  const ldflags = `-s -w -X github.com/pocketbase/pocketbase.Version=${POCKETBASE_VERSION}`;
  const result = spawnSync('go', ['build', '-trimpath', '-ldflags', ldflags, '-o', output, `./${program}`], {
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

function releaseAssetName() {
  const os = { linux: 'linux', darwin: 'darwin', win32: 'windows' }[platform()];
  const cpu = { x64: 'amd64', arm64: 'arm64', arm: 'armv7' }[arch()];
  if (!os || !cpu) throw new Error(`No PocketBase release for ${platform()}/${arch()}; install Go to build it.`);
  return `pocketbase_${POCKETBASE_VERSION}_${os}_${cpu}.zip`;
}

async function downloadRelease(workDir) {
  const base = `https://github.com/pocketbase/pocketbase/releases/download/v${POCKETBASE_VERSION}`;
  const asset = releaseAssetName();
  const checksums = await fetchOk(`${base}/checksums.txt`).then((r) => r.text());
  const zip = Buffer.from(await fetchOk(`${base}/${asset}`).then((r) => r.arrayBuffer()));
  verifyChecksum(zip, checksums, asset);
  const unpacked = join(workDir, exe);
  writeFileSync(unpacked, extractZipEntry(zip, exe));
  chmodSync(unpacked, 0o755);
  return unpacked;
}

/** Throws unless `data` has the SHA-256 that the release's checksums file lists for `asset`. */
export function verifyChecksum(data, checksumsText, asset) {
  const line = checksumsText.split('\n').find((l) => l.trim().endsWith(` ${asset}`));
  if (!line) throw new Error(`The release's checksums.txt lists no ${asset}.`);
  const expected = line.trim().split(/\s+/)[0].toLowerCase();
  const actual = createHash('sha256').update(data).digest('hex');
  if (actual !== expected) {
    throw new Error(`Checksum mismatch for ${asset}: expected ${expected}, got ${actual}. Refusing to use it.`);
  }
}

async function fetchOk(url) {
  const response = await fetch(url);
  if (!response.ok) throw new Error(`Download failed: ${url} answered ${response.status}.`);
  return response;
}

export function pocketbaseVersion(bin = pocketbaseBinaryPath()) {
  return execFileSync(bin, ['--version'], { encoding: 'utf8' }).trim();
}
