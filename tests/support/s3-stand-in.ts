// A local S3-compatible server for the backups' s3:// replica (S3, R2, MinIO speak the same API): s3rver, an
// implementation of Amazon S3's REST API (path-style buckets, the object and listing calls Litestream makes),
// on a free port and a temp folder, with one bucket. Cloudflare R2 cannot be reached from here; after deploying,
// check the real one as docs/src/content/docs/operate/deploy/vm-systemd.md says (a write reaches the bucket).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
// @ts-expect-error s3rver ships no types
import S3rver from 's3rver';
import { freePort } from '../../tools/lib/ports.mjs';

export interface S3StandIn {
  endpoint: string;
  bucket: string;
  /** The keys s3rver accepts (its documented defaults). */
  keys: { LITESTREAM_ACCESS_KEY_ID: string; LITESTREAM_SECRET_ACCESS_KEY: string };
  stop: () => Promise<void>;
}

export async function startS3StandIn(bucket = 'chorus'): Promise<S3StandIn> {
  const directory = mkdtempSync(join(tmpdir(), 'chorus-s3-'));
  const port = await freePort();
  const server = new S3rver({
    port,
    address: '127.0.0.1',
    directory,
    silent: true,
    configureBuckets: [{ name: bucket }],
  });
  await server.run();
  return {
    endpoint: `http://127.0.0.1:${port}`,
    bucket,
    keys: { LITESTREAM_ACCESS_KEY_ID: 'S3RVER', LITESTREAM_SECRET_ACCESS_KEY: 'S3RVER' },
    async stop() {
      await new Promise((resolve) => server.close(resolve));
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
