// A replica made from a pb_data that was deleted to start over is moved aside, not overwritten by the new one.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { keepEarlierReplica } from '../../tools/lib/backups/replicator.mjs';

const dir = mkdtempSync(join(tmpdir(), 'chorus-earlier-replica-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('moves a replica aside when its data folder starts afresh, and leaves it when the data is still there', () => {
  const dataDir = join(dir, 'pb_data');
  const replicaDir = join(dir, 'pb_data_replica');
  mkdirSync(join(replicaDir, 'data'), { recursive: true });
  writeFileSync(join(replicaDir, 'litestream.yml'), '');
  mkdirSync(dataDir);
  writeFileSync(join(dataDir, 'data.db'), '');
  expect(keepEarlierReplica(dataDir, replicaDir)).toBeUndefined();
  expect(existsSync(replicaDir)).toBe(true);

  rmSync(dataDir, { recursive: true });
  const aside = keepEarlierReplica(dataDir, replicaDir);
  expect(aside).toMatch(/pb_data_replica-before-\d{4}-/);
  expect(existsSync(replicaDir)).toBe(false);
  expect(readdirSync(aside as string).sort()).toEqual(['data', 'litestream.yml']);
  expect(keepEarlierReplica(dataDir, replicaDir)).toBeUndefined();
});
