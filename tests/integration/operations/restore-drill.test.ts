// The restore drill: PocketBase and Litestream are killed together (SIGKILL) in the middle of a stream of
// acknowledged writes, `npm run restore` restores the replica, and every write acknowledged more than a second
// before the kill is there.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { runRestoreDrill } from '../../../tools/lib/backups/drill.mjs';

const workDir = mkdtempSync(join(tmpdir(), 'chorus-restore-drill-'));
afterAll(() => rmSync(workDir, { recursive: true, force: true }));

it('a dead machine loses no write acknowledged more than a second before it died', async () => {
  const drill = await runRestoreDrill({ workDir, writeSeconds: 4 });

  expect(drill.restore.code, drill.restore.output).toBe(0);
  expect(drill.restore.output).toContain('integrity check: ok');
  expect(drill.acknowledged).toBeGreaterThan(20);
  const lostOlderThanASecond = drill.missing.filter(({ ageMs }) => ageMs > 1000);
  expect(lostOlderThanASecond).toEqual([]);
  console.log(
    `restore drill: ${drill.acknowledged} writes acknowledged (${drill.refused} refused); ` +
      `${drill.missing.length} missing after the restore, all from the last ` +
      `${Math.max(0, ...drill.missing.map(({ ageMs }) => ageMs))} ms before the kill`,
  );
}, 60_000);
