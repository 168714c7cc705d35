// Backups never refuse a write: Litestream checkpoints the WAL often (PASSIVE every 200 pages or second) while
// four writers create ideas through PocketBase's API, and another process holds a read transaction open for four
// seconds, so the WAL passes 2 MB behind it and Litestream forces a TRUNCATE checkpoint (writers wait for it);
// not one write is refused, and the replica, restored, holds every acknowledged idea. A stock PocketBase (deferred transactions) refuses some of them:
// `npm run bench -- checkpoints --before <its binary>` measures both.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runCheckpointStream } from '../../../tools/lib/backups/checkpoint-stream.mjs';

const workDir = mkdtempSync(join(tmpdir(), 'chorus-checkpoints-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

it('writes stream across PASSIVE and TRUNCATE checkpoints with none refused and none missing from the replica', async () => {
  const stream = await runCheckpointStream({
    workDir,
    megabytes: 60,
    holdReader: 4000,
    checkpoint: { interval: '1s', minPages: 200, truncatePages: 500 },
  });
  console.log(`checkpoint stream: ${JSON.stringify(stream)}`);

  expect(stream.refused, stream.firstRefusal).toBe(0);
  expect(stream.acknowledged).toBeGreaterThan(200);
  expect(stream.checkpoints.PASSIVE).toBeGreaterThanOrEqual(3);
  expect(stream.checkpoints.TRUNCATE).toBeGreaterThanOrEqual(1);
  expect(stream.missingFromReplica).toBe(0);
}, 180_000);
