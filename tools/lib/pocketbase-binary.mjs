// Obtains the pinned PocketBase server binary into a gitignored cache:
// built from its Go module where Go is installed, otherwise the official release archive,
// verified against the SHA-256 in that release's published checksums file.
import { execFileSync, spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { join } from 'node:path';
import { cachedBinary, hasGo, obtainOnce } from './cached-binary.mjs';
import { extractZipEntry } from './unzip.mjs';

export const POCKETBASE_VERSION = '0.39.11';
const { dir: cacheDir, exe, path: binaryPath } = cachedBinary('pocketbase', POCKETBASE_VERSION, 'POCKETBASE_BIN');

export function pocketbaseBinaryPath() {
  return binaryPath();
}

/** The binary, obtained once (several test workers may ask at the same moment: one builds, the rest wait). */
export async function ensurePocketBase({ log = console.log } = {}) {
  const bin = pocketbaseBinaryPath();
  if (existsSync(bin)) return bin;
  return obtainOnce(join(cacheDir, exe), async (workDir) => {
    if (hasGo()) {
      log(`Building PocketBase v${POCKETBASE_VERSION} from its Go module (first run only)…`);
      return buildWithGo(workDir);
    }
    log(`Downloading PocketBase v${POCKETBASE_VERSION} (first run only)…`);
    return downloadRelease(workDir);
  });
}

function buildWithGo(workDir) {
  const ldflags = `-s -w -X github.com/pocketbase/pocketbase.Version=${POCKETBASE_VERSION}`;
  const result = spawnSync(
    'go',
    ['install', '-ldflags', ldflags, `github.com/pocketbase/pocketbase/examples/base@v${POCKETBASE_VERSION}`],
    { env: { ...process.env, GOBIN: workDir, CGO_ENABLED: '0' }, stdio: ['ignore', 'inherit', 'inherit'] },
  );
  const built = join(workDir, platform() === 'win32' ? 'base.exe' : 'base');
  if (result.status !== 0 || !existsSync(built)) {
    throw new Error(`Building PocketBase with Go failed (exit ${result.status}). See the output above.`);
  }
  return built;
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
