// Go for the programs the project builds from Go modules (Chorus's PocketBase, Litestream, chorus-server): the
// machine's own `go` when it is new enough, otherwise the pinned Go toolchain fetched once from the Go module proxy
// (the golang.org/toolchain module, the archive `GOTOOLCHAIN=auto` itself fetches) and verified against the hash
// Go's checksum database publishes for it, pinned below: the same check `go` makes, so a tampered proxy is refused.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { arch, platform } from 'node:os';
import { dirname, join } from 'node:path';
import { cachedBinary, obtainOnce } from './cached-binary.mjs';
import { zipEntries } from './unzip.mjs';

/** The Go release fetched where the machine has none; the oldest the builds accept is MINIMUM_GO. */
export const GO_TOOLCHAIN = '1.26.8';
const MINIMUM_GO = [1, 26];

/**
 * The checksum database's hashes of golang.org/toolchain@v0.0.1-go1.26.8.<os>-<arch>, read on 2026-11-26 from
 * https://proxy.golang.org/sumdb/sum.golang.org/lookup/golang.org/toolchain@v0.0.1-go1.26.8.linux-amd64 (and the
 * three others). Check one: `go mod download -json golang.org/toolchain@v0.0.1-go1.26.8.linux-amd64` prints its Sum.
 */
const TOOLCHAIN_SUMS = {
  'linux-amd64': 'h1:ZOmGe1OnfREDMIdb1Qi4G9JSuDPBLGExZMQ4nis1RXM=',
  'linux-arm64': 'h1:sYL/O6MqS68ML0kjsQ36WoYIpJqkw60TxizWUYUKQMc=',
  'darwin-amd64': 'h1:7/9KPPN8PckcA9s91hm2jmQMhzW4KyTJXHIs45L0C9M=',
  'darwin-arm64': 'h1:dFjGhY6f8DTsY8/rLchUTDRRfjJP4pCrGCwxvHFT2Fg=',
};

const { dir: toolchainDir } = cachedBinary('go', GO_TOOLCHAIN, 'GO_BIN');
const fetchedGo = join(toolchainDir, 'go', 'bin', platform() === 'win32' ? 'go.exe' : 'go');

/** The `go` command to run: GO_BIN, the machine's own when new enough, or the fetched one (after `ensureGo`). */
export function goCommand() {
  if (process.env.GO_BIN) return process.env.GO_BIN;
  return machineGoIsEnough() ? 'go' : fetchedGo;
}

/** The `go` command, fetching and verifying the pinned toolchain first when the machine has no Go new enough. */
export async function ensureGo({ log = console.log } = {}) {
  const go = goCommand();
  if (go === 'go' || existsSync(go)) return go;
  log(`Go ${MINIMUM_GO.join('.')} or newer is not installed: fetching Go ${GO_TOOLCHAIN} from the Go module proxy…`);
  // obtainOnce renames one finished path into place: the toolchain's folder, unpacked whole before it appears.
  await obtainOnce(join(toolchainDir, 'go'), (workDir) => fetchToolchain(workDir));
  return fetchedGo;
}

let machineGo;
function machineGoIsEnough() {
  if (machineGo === undefined) {
    const result = spawnSync('go', ['env', 'GOVERSION'], { encoding: 'utf8' });
    machineGo = result.status === 0 && isAtLeast(result.stdout.trim(), MINIMUM_GO);
  }
  return machineGo;
}

/** Whether a Go version string ("go1.26.8", "go1.27rc1") is at least [major, minor]. */
export function isAtLeast(goVersion, [major, minor]) {
  const match = /^go(\d+)\.(\d+)/.exec(goVersion);
  if (!match) return false;
  const [have, haveMinor] = [Number(match[1]), Number(match[2])];
  return have > major || (have === major && haveMinor >= minor);
}

function toolchainPlatform() {
  const os = { linux: 'linux', darwin: 'darwin' }[platform()];
  const cpu = { x64: 'amd64', arm64: 'arm64' }[arch()];
  const name = os && cpu ? `${os}-${cpu}` : undefined;
  if (!name || !TOOLCHAIN_SUMS[name]) {
    throw new Error(
      `No pinned Go toolchain for ${platform()}/${arch()}: install Go ${MINIMUM_GO.join('.')}+ (https://go.dev/dl/).`,
    );
  }
  return name;
}

/** The module proxy to ask: GOPROXY's first real entry (as `go` would), else Go's public proxy. */
export function moduleProxy(goproxy = process.env.GOPROXY) {
  const first = (goproxy || '').split(/[,|]/).find((entry) => /^https?:\/\//.test(entry.trim()));
  return (first || 'https://proxy.golang.org').trim().replace(/\/+$/, '');
}

async function fetchToolchain(workDir) {
  const target = toolchainPlatform();
  const version = `v0.0.1-go${GO_TOOLCHAIN}.${target}`;
  const url = `${moduleProxy()}/golang.org/toolchain/@v/${version}.zip`;
  const response = await fetch(url);
  if (!response.ok) throw new Error(`The Go module proxy answered ${response.status} for ${url}.`);
  const zip = Buffer.from(await response.arrayBuffer());
  verifyModuleZip(zip, TOOLCHAIN_SUMS[target]);
  const prefix = `golang.org/toolchain@${version}/`;
  const root = join(workDir, 'go');
  for (const entry of zipEntries(zip)) {
    if (!entry.name.startsWith(prefix) || entry.name.endsWith('/')) continue;
    const relative = entry.name.slice(prefix.length);
    if (relative.split('/').includes('..'))
      throw new Error(`The toolchain archive holds an unsafe path: ${entry.name}`);
    const file = join(root, relative);
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, entry.read());
    // The module zip may not keep executable bits; Go marks bin/ and pkg/tool/ executable itself, and so do we.
    if (entry.mode & 0o111 || /^(bin|pkg\/tool)\//.test(relative)) chmodSync(file, 0o755);
  }
  if (!existsSync(join(root, 'bin', 'go'))) throw new Error('The toolchain archive holds no bin/go.');
  return root;
}

/**
 * Throws unless the module zip's "h1:" hash (Go's dirhash.Hash1: the SHA-256 of the sorted lines
 * "<sha256 hex>  <file name>\n", one per file, in base64) is `expected`.
 */
export function verifyModuleZip(zip, expected) {
  const lines = [];
  for (const entry of zipEntries(zip)) {
    if (entry.name.endsWith('/')) continue;
    if (entry.name.includes('\n')) throw new Error('A module zip with a newline in a file name.');
    lines.push([entry.name, createHash('sha256').update(entry.read()).digest('hex')]);
  }
  lines.sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
  const summary = lines.map(([name, hex]) => `${hex}  ${name}\n`).join('');
  const actual = `h1:${createHash('sha256').update(summary).digest('base64')}`;
  if (actual !== expected) {
    throw new Error(`The Go toolchain's hash is ${actual}, not the pinned ${expected}. Refusing to use it.`);
  }
}
