// A local S3-compatible server for the backups' s3:// replica (S3, R2, MinIO speak the same API): s3rver, an
// implementation of Amazon S3's REST API (path-style buckets, the object and listing calls Litestream makes),
// on a free port and a temp folder, with one bucket. Cloudflare R2 cannot be reached from here; after deploying,
// check the real one as docs/src/content/docs/operate/deploy/vm-systemd.md says (a write reaches the bucket).
// One change to s3rver: a PUT is atomic, as S3 documents ("Amazon S3 never adds partial objects"); s3rver writes
// into the object's file while the body streams in, so an upload cut off by a stopping Litestream left an empty
// object that a later restore refused ("invalid ltx file … size 0 bytes"), which real S3 and R2 never do.
import { createHash, randomUUID } from 'node:crypto';
import { mkdirSync, mkdtempSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
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
  makePutsAtomic(server.store, join(directory, '.in-flight'));
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

interface UploadedObject {
  bucket: string;
  key: string;
  content: AsyncIterable<Buffer> | Buffer;
  metadata: Record<string, string>;
}
interface FilesystemStore {
  getResourcePath(bucket: string, key: string, resource: string): string;
  putMetadata(bucket: string, key: string, metadata: Record<string, string>, md5: string): Promise<void>;
  putObject(object: UploadedObject): Promise<{ size: number; md5: string }>;
}

/** Replaces s3rver's streaming putObject with one that stores nothing until the whole body has arrived. */
function makePutsAtomic(store: FilesystemStore, inFlight: string) {
  mkdirSync(inFlight, { recursive: true });
  store.putObject = async (object) => {
    const body = await wholeBody(object);
    const md5 = createHash('md5').update(body).digest('hex');
    const objectPath = store.getResourcePath(object.bucket, object.key, 'object');
    const staged = join(inFlight, randomUUID());
    writeFileSync(staged, body);
    mkdirSync(dirname(objectPath), { recursive: true });
    await store.putMetadata(object.bucket, object.key, object.metadata, md5);
    renameSync(staged, objectPath);
    return { size: body.length, md5 };
  };
}

/** The request's body, or an error when the client went away before sending all it announced. */
async function wholeBody(object: UploadedObject): Promise<Buffer> {
  if (Buffer.isBuffer(object.content)) return object.content;
  const chunks: Buffer[] = [];
  for await (const chunk of object.content) chunks.push(chunk);
  const body = Buffer.concat(chunks);
  const announced = object.metadata['content-length'];
  if (announced !== undefined && Number(announced) !== body.length) {
    throw new Error(`upload of ${object.key} cut off at ${body.length} of ${announced} bytes`);
  }
  return body;
}
