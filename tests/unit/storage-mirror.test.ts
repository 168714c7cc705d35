// The copy of uploaded files in the replica: new files are copied, files already there are not copied again,
// and files PocketBase deleted stay (an earlier moment may still need them).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { mirrorFiles } from '../../tools/lib/backups/storage-mirror.mjs';

const dir = mkdtempSync(join(tmpdir(), 'chorus-storage-mirror-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('copies new files once and keeps the ones deleted since', () => {
  const storage = join(dir, 'storage');
  const copy = join(dir, 'replica', 'storage');
  mkdirSync(join(storage, 'posts', 'r1'), { recursive: true });
  writeFileSync(join(storage, 'posts', 'r1', 'shot_a.png'), 'first');
  expect(mirrorFiles(storage, copy)).toBe(1);
  expect(mirrorFiles(storage, copy)).toBe(0);

  rmSync(join(storage, 'posts', 'r1', 'shot_a.png'));
  mkdirSync(join(storage, 'posts', 'r2'), { recursive: true });
  writeFileSync(join(storage, 'posts', 'r2', 'shot_b.png'), 'second');
  expect(mirrorFiles(storage, copy)).toBe(1);
  expect(readFileSync(join(copy, 'posts', 'r1', 'shot_a.png'), 'utf8')).toBe('first');
  expect(readFileSync(join(copy, 'posts', 'r2', 'shot_b.png'), 'utf8')).toBe('second');
  expect(mirrorFiles(join(dir, 'no-storage-yet'), copy)).toBe(0);
});
