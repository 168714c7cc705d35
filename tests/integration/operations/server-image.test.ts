// The container image's root filesystem, assembled from the bundle with no network: a non-root user, CA
// certificates, the programs the hooks run (curl, getent, df) with their libraries, and a Containerfile FROM
// scratch with a volume, a health check and OCI labels. Its entry runs inside that filesystem alone (chroot, as
// the image's user, with nothing from this machine), serves, answers its own health check and stops on SIGTERM.
// Where podman (or a docker daemon) is present, the image is built and its configuration read back.
import { execFileSync, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  assembleImageContext,
  buildImage,
  containerTool,
  IMAGE_USER,
  imageTag,
} from '../../../tools/lib/server-bundle/image.mjs';
import { startServer, unpackedBundle } from '../../support/server-bundle';

const workDir = mkdtempSync(join(tmpdir(), 'chorus-image-'));
const contextDir = join(workDir, 'context');
let rootfs: string;

beforeAll(async () => {
  const { dir } = await unpackedBundle(workDir);
  ({ rootfs } = assembleImageContext(dir, contextDir));
}, 600_000);
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

/** chroot needs root (CAP_SYS_CHROOT); a sandbox may refuse it even so. */
const canChroot = () => process.getuid?.() === 0 && spawnSync('/usr/sbin/chroot', ['/', '/bin/true']).status === 0;

describe('the container image', () => {
  it('is FROM scratch, runs as a non-root user with /data as a volume, a health check and OCI labels', () => {
    const containerfile = readFileSync(join(contextDir, 'Containerfile'), 'utf8');
    expect(containerfile).toMatch(/^FROM scratch$/m);
    expect(containerfile).toMatch(new RegExp(`^USER ${IMAGE_USER.uid}:${IMAGE_USER.gid}$`, 'm'));
    expect(containerfile).toMatch(/^VOLUME \["\/data"\]$/m);
    expect(containerfile).toMatch(/^HEALTHCHECK .*CMD \["\/chorus\/chorus-server", "--health"\]$/m);
    expect(containerfile).toMatch(/^ENTRYPOINT \["\/chorus\/chorus-server"\]$/m);
    for (const label of ['title', 'version', 'source', 'licenses']) {
      expect(containerfile).toContain(`LABEL org.opencontainers.image.${label}=`);
    }
    expect(readFileSync(join(rootfs, 'etc/passwd'), 'utf8')).toContain(`chorus:x:${IMAGE_USER.uid}:${IMAGE_USER.gid}:`);
    expect(readFileSync(join(rootfs, 'etc/ssl/certs/ca-certificates.crt'), 'utf8')).toContain('BEGIN CERTIFICATE');
    for (const file of [
      'chorus/chorus-server',
      'chorus/bin/pocketbase',
      'chorus/bin/litestream',
      'usr/bin/curl',
      'usr/bin/getent',
    ]) {
      expect(existsSync(join(rootfs, file)), file).toBe(true);
    }
  });

  it.runIf(canChroot())(
    'its entry serves from the root filesystem alone, as its user, and stops on SIGTERM',
    async () => {
      mkdirSync(join(rootfs, 'data'), { recursive: true });
      chownSync(join(rootfs, 'data'), IMAGE_USER.uid, IMAGE_USER.gid);
      const chroot = (args: string[]) =>
        ['/usr/sbin/chroot', [`--userspec=${IMAGE_USER.uid}:${IMAGE_USER.gid}`, rootfs, ...args]] as const;
      const env = { CHORUS_DATA: '/data/pb_data', CHORUS_REPLICA_DIR: '/data/replica', PATH: '/usr/bin:/bin' };
      // The outbound programs load from the image's own libraries.
      expect(execFileSync(...chroot(['/usr/bin/curl', '--version']), { encoding: 'utf8' })).toMatch(/^curl /);
      const [command, args] = chroot(['/chorus/chorus-server']);
      const server = await startServer(join(rootfs, 'chorus'), env, { command, args: [...args] });
      const health = spawnSync(...chroot(['/chorus/chorus-server', '--health']), {
        env: { CHORUS_HTTP: new URL(server.url).host },
      });
      expect(health.status).toBe(0);
      expect(await (await fetch(`${server.url}/api/health`)).json()).toMatchObject({ code: 200 });
      expect(existsSync(join(rootfs, 'data/pb_data/data.db'))).toBe(true);
      // Litestream starts once PocketBase answers: its replica appears a moment later.
      const deadline = Date.now() + 15_000;
      while (!existsSync(join(rootfs, 'data/replica/data')) && Date.now() < deadline)
        await new Promise((r) => setTimeout(r, 50));
      expect(existsSync(join(rootfs, 'data/replica/data'))).toBe(true);
      server.process.kill('SIGTERM');
      expect(await server.exited, server.output()).toBe(0);
    },
    120_000,
  );

  it.runIf(containerTool())(
    'builds with podman or docker, offline, and keeps its configuration',
    () => {
      const tool = containerTool() as string;
      buildImage(tool, contextDir, `${imageTag()}-test`);
      const [image] = JSON.parse(execFileSync(tool, ['image', 'inspect', `${imageTag()}-test`], { encoding: 'utf8' }));
      const config = image.Config;
      // Docker keeps the health check in Config; podman beside it.
      const healthcheck = config.Healthcheck ?? image.Healthcheck;
      expect(config.User).toBe(`${IMAGE_USER.uid}:${IMAGE_USER.gid}`);
      expect(Object.keys(config.Volumes ?? {})).toContain('/data');
      expect(healthcheck?.Test).toEqual(['CMD', '/chorus/chorus-server', '--health']);
      expect(config.Labels['org.opencontainers.image.version']).toBeTruthy();
      spawnSync(tool, ['rmi', `${imageTag()}-test`]);
    },
    600_000,
  );
});
