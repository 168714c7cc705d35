// The bundle with an S3-compatible replica (CHORUS_REPLICA_DIR=s3://bucket/path, CHORUS_REPLICA_ENDPOINT, as for
// Cloudflare R2) against a local S3 stand-in: chorus-server replicates there, says so in its health report, keeps
// every write acknowledged before SIGTERM (with AWS_CA_BUNDLE set, which Litestream cannot use), and an empty data folder is restored from the bucket on the next start.
import { mkdtempSync, renameSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { connectAsSuperuser } from '../../../tools/lib/configure-pocketbase.mjs';
import { createBoardAndMember } from '../../../tools/lib/seed/board-and-member.mjs';
import { type S3StandIn, startS3StandIn } from '../../support/s3-stand-in';
import { pocketbaseCommand, type RunningServer, startServer, unpackedBundle } from '../../support/server-bundle';

const SUPERUSER = { email: 'operator@chorus.test', password: 'operator-password-123456' };
const workDir = mkdtempSync(join(tmpdir(), 'chorus-bundle-s3-'));
let bundle: string;
let s3: S3StandIn;
let server: RunningServer;

beforeAll(async () => {
  ({ dir: bundle } = await unpackedBundle(workDir));
  s3 = await startS3StandIn();
}, 600_000);
afterAll(async () => {
  if (server?.process.exitCode === null) {
    server.process.kill('SIGTERM');
    await server.exited;
  }
  await s3?.stop();
  rmSync(workDir, { recursive: true, force: true });
});

it('replicates to an s3:// replica and restores an empty data folder from it', async () => {
  const env = {
    CHORUS_REPLICA_DIR: `s3://${s3.bucket}/site`,
    CHORUS_REPLICA_ENDPOINT: s3.endpoint,
    ...s3.keys,
    // Litestream refuses to start with it set (some machines set it for every tool): chorus-server leaves it out.
    AWS_CA_BUNDLE: '/etc/ssl/certs/ca-certificates.crt',
  };
  server = await startServer(bundle, env);
  expect(server.output(), server.output()).toContain('AWS_CA_BUNDLE is ignored for Litestream');
  pocketbaseCommand(bundle, ['superuser', 'upsert', SUPERUSER.email, SUPERUSER.password]);
  const admin = await connectAsSuperuser(server.url, SUPERUSER);
  expect((await admin.send('/api/chorus/health', {})).replica).toMatchObject({ kind: 'remote' });
  const { board, member } = await createBoardAndMember(admin, {
    email: 's3-member@chorus.test',
    password: SUPERUSER.password,
    name: 'S3 member',
  });
  const ids: string[] = [];
  for (let n = 0; n < 30; n++) {
    const idea = await admin
      .collection('posts')
      .create({ board: board.id, author: member.id, title: `Bucket idea ${n}`, approved: true, body: 'Kept in S3.' });
    ids.push(idea.id);
  }
  server.process.kill('SIGTERM');
  expect(await server.exited, server.output()).toBe(0);

  renameSync(join(bundle, 'pb_data'), join(bundle, 'pb_data-lost'));
  server = await startServer(bundle, env);
  expect(server.output(), server.output()).toMatch(/Restored .*data\.db from s3:\/\/chorus\/site/);
  const again = await connectAsSuperuser(server.url, SUPERUSER);
  const restored = await again.collection('posts').getFullList({ fields: 'id' });
  expect(
    ids.filter((id) => !restored.some((row) => row.id === id)),
    server.output(),
  ).toEqual([]);
  server.process.kill('SIGTERM');
  expect(await server.exited).toBe(0);
}, 180_000);
