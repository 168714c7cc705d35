// The container image's build context, assembled from the server bundle with no network: rootfs/ (the bundle in
// /chorus, CA certificates, /etc/passwd with a non-root user, and curl, getent and df with the shared libraries
// they load, found by ldd: PocketBase's outbound requests and the health report run them), data/ (the volume,
// owned by that user), and server/Containerfile, whose base is `scratch`. Then podman or docker builds it.
import { execFileSync, spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, cpSync, existsSync, mkdirSync, realpathSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHORUS_VERSION } from './bundle.mjs';

const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
export const IMAGE_USER = { uid: 10001, gid: 10001, name: 'chorus' };
/** What the hooks run as programs (pb_hooks/platform/outbound/outbound.js, pb_hooks/health/health.js). */
const PROGRAMS = ['curl', 'getent', 'df'];
const CA_BUNDLE = '/etc/ssl/certs/ca-certificates.crt';

/** The tag `npm run image` gives the image. */
export const imageTag = () => `chorus-server:${CHORUS_VERSION}`;

/**
 * Writes the build context into `contextDir` from an unpacked bundle folder.
 * @returns {{ rootfs: string, containerfile: string }}
 */
export function assembleImageContext(bundleDir, contextDir) {
  rmSync(contextDir, { recursive: true, force: true });
  const rootfs = join(contextDir, 'rootfs');
  mkdirSync(join(contextDir, 'data'), { recursive: true });
  cpSync(bundleDir, join(rootfs, 'chorus'), { recursive: true });
  for (const dir of ['tmp', 'etc/ssl/certs', 'usr/bin']) mkdirSync(join(rootfs, dir), { recursive: true });
  chmodSync(join(rootfs, 'tmp'), 0o1777);
  if (!existsSync(CA_BUNDLE)) {
    throw new Error(`${CA_BUNDLE} is missing: install Debian's ca-certificates (outgoing mail and webhooks need it).`);
  }
  copyFileSync(CA_BUNDLE, join(rootfs, CA_BUNDLE));
  const { uid, gid, name } = IMAGE_USER;
  writeFileSync(
    join(rootfs, 'etc/passwd'),
    `root:x:0:0:root:/root:/sbin/nologin\n${name}:x:${uid}:${gid}:Chorus:/data:/sbin/nologin\n`,
  );
  writeFileSync(join(rootfs, 'etc/group'), `root:x:0:\n${name}:x:${gid}:\n`);
  writeFileSync(join(rootfs, 'etc/nsswitch.conf'), 'hosts: files dns\n');
  for (const program of PROGRAMS) copyProgram(program, rootfs);
  const containerfile = join(contextDir, 'Containerfile');
  const labels = [
    ['org.opencontainers.image.title', 'Chorus server'],
    ['org.opencontainers.image.description', 'PocketBase with Chorus hooks and migrations, under Litestream'],
    ['org.opencontainers.image.version', CHORUS_VERSION],
    ['org.opencontainers.image.licenses', 'MIT'],
    ['org.opencontainers.image.source', 'https://github.com/chorus-feedback/chorus'],
  ];
  const template = execFileSync('cat', [join(root, 'server', 'Containerfile')], { encoding: 'utf8' });
  writeFileSync(containerfile, `${template}${labels.map(([k, v]) => `LABEL ${k}=${JSON.stringify(v)}`).join('\n')}\n`);
  return { rootfs, containerfile };
}

/** Copies a program and every shared library ldd says it loads, at the same paths. */
function copyProgram(program, rootfs) {
  const found = spawnSync('sh', ['-c', `command -v ${program}`], { encoding: 'utf8' }).stdout.trim();
  if (!found)
    throw new Error(
      `${program} is missing: install it (Debian: apt-get install ${program === 'curl' ? 'curl' : 'coreutils'}).`,
    );
  const paths = [found];
  const ldd = spawnSync('ldd', [found], { encoding: 'utf8' }).stdout;
  for (const [, path] of ldd.matchAll(/(?:=>\s*)?(\/\S+)\s+\(0x/g)) paths.push(path);
  for (const path of paths) {
    const target = join(rootfs, path);
    mkdirSync(dirname(target), { recursive: true });
    copyFileSync(realpathSync(path), target);
    chmodSync(target, 0o755);
  }
  // The program itself at /usr/bin too, where PATH finds it.
  const inBin = join(rootfs, 'usr/bin', program);
  if (!existsSync(inBin)) copyFileSync(realpathSync(found), inBin);
}

/** podman, else a docker whose daemon answers; undefined when neither can build. */
export function containerTool() {
  for (const tool of ['podman', 'docker']) {
    if (spawnSync(tool, ['info'], { stdio: 'ignore' }).status === 0) return tool;
  }
  return undefined;
}

/** Builds the image from the context; returns the tool's image id. */
export function buildImage(tool, contextDir, tag = imageTag()) {
  const format = tool === 'podman' ? ['--format', 'docker'] : []; // HEALTHCHECK is a Docker-format field
  execFileSync(
    tool,
    ['build', ...format, '--pull=never', '-t', tag, '-f', join(contextDir, 'Containerfile'), contextDir],
    {
      stdio: 'inherit',
    },
  );
  return execFileSync(tool, ['image', 'inspect', '--format', '{{.Id}}', tag], { encoding: 'utf8' }).trim();
}
