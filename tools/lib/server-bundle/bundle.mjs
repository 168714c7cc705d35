// Assembles Chorus's server bundle: chorus-server (server/cmd/chorus-server), PocketBase (server/cmd/pocketbase)
// and Litestream, all built from their Go modules for Linux on one processor, with pb_hooks, pb_migrations, the
// message files, a systemd unit, VERSION.json and SHA256SUMS; then packs it as
// .build/server/chorus-server-<version>-linux-<arch>.tar.gz (the same bytes for the same inputs): outside the
// site's dist/, so `npm run build` never removes it and the Worker's upload (dist/server) never carries it.
import { execFileSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, cpSync, mkdirSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import { arch as hostArch } from 'node:os';
import { dirname, join, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ensureGo } from '../go-toolchain.mjs';
import { ensureLitestreamFor, LITESTREAM_VERSION } from '../litestream-binary.mjs';
import { goBuild, POCKETBASE_VERSION } from '../pocketbase-binary.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const CHORUS_VERSION = JSON.parse(readFileSync(join(root, 'package.json'), 'utf8')).version;
export const HOST_ARCH = { x64: 'amd64', arm64: 'arm64' }[hostArch()] ?? 'amd64';
export const ARCHES = ['amd64', 'arm64'];

/** The bundle's name for a processor. */
export const bundleName = (goarch) => `chorus-server-${CHORUS_VERSION}-linux-${goarch}`;

/**
 * @param {{ goarch?: string, outDir?: string, log?: (line: string) => void }} options
 * @returns {Promise<{ dir: string, tarball: string, files: { path: string, bytes: number, sha256: string }[] }>}
 */
export async function buildServerBundle({
  goarch = HOST_ARCH,
  outDir = join(root, '.build', 'server'),
  log = console.log,
}) {
  if (!ARCHES.includes(goarch)) throw new Error(`No bundle for ${goarch}: choose ${ARCHES.join(' or ')}.`);
  const name = bundleName(goarch);
  const dir = join(outDir, name);
  rmSync(dir, { recursive: true, force: true });
  mkdirSync(join(dir, 'bin'), { recursive: true });

  await ensureGo({ log });
  log(`Building chorus-server and PocketBase v${POCKETBASE_VERSION} for linux/${goarch}…`);
  goBuild('cmd/chorus-server', join(dir, 'chorus-server'), { goos: 'linux', goarch });
  goBuild('cmd/pocketbase', join(dir, 'bin', 'pocketbase'), { goos: 'linux', goarch });
  copyFileSync(await ensureLitestreamFor(goarch, { log }), join(dir, 'bin', 'litestream'));
  for (const folder of ['pb_hooks', 'pb_migrations', 'locales']) {
    cpSync(join(root, folder), join(dir, folder), { recursive: true, filter: (path) => !path.endsWith('.d.ts') });
  }
  for (const file of ['chorus-server.service', 'chorus.env.example']) {
    copyFileSync(join(root, 'server', 'deploy', file), join(dir, file));
  }
  writeFileSync(
    join(dir, 'VERSION.json'),
    `${JSON.stringify({ chorus: CHORUS_VERSION, pocketbase: POCKETBASE_VERSION, litestream: LITESTREAM_VERSION, arch: goarch }, null, 2)}\n`,
  );
  const files = listFiles(dir).map((path) => {
    const data = readFileSync(join(dir, path));
    return { path, bytes: data.length, sha256: createHash('sha256').update(data).digest('hex') };
  });
  writeFileSync(join(dir, 'SHA256SUMS'), files.map((f) => `${f.sha256}  ${f.path}\n`).join(''));

  const tarball = join(outDir, `${name}.tar.gz`);
  // Reproducible: sorted names, one owner, one time (the newest migration's, not the build's).
  execFileSync('tar', [
    '--sort=name',
    '--owner=0',
    '--group=0',
    '--numeric-owner',
    `--mtime=@${Math.floor(statSync(join(root, 'pb_migrations')).mtimeMs / 1000)}`,
    '-czf',
    tarball,
    '-C',
    outDir,
    name,
  ]);
  return { dir, tarball, files };
}

function listFiles(dir) {
  return readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter((entry) => entry.isFile())
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
    .sort();
}
