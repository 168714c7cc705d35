// `npm run restore`'s arguments: a missing or wrong one is told in one sentence, and it never restores over
// the live data folder or into a folder that has something in it.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { replicaDirFromEnv } from '../../tools/lib/backups/replica-dir.mjs';
import { parseRestoreArgs, UsageError } from '../../tools/lib/backups/restore-args.mjs';

const dir = mkdtempSync(join(tmpdir(), 'chorus-restore-args-'));
const replica = join(dir, 'pb_data_replica');
mkdirSync(replica);
const env = { PB_DATA_DIR: join(dir, 'pb_data') };
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const refusal = (argv: string[]) => {
  try {
    parseRestoreArgs(argv, env);
  } catch (error) {
    expect(error).toBeInstanceOf(UsageError);
    return (error as Error).message;
  }
  throw new Error('accepted');
};

describe('npm run restore arguments', () => {
  it('reads --from, --to and --at, and defaults --from to the replica npm start keeps', () => {
    expect(parseRestoreArgs(['--to', join(dir, 'a'), '--at=2026-05-01T09:30:00Z'], env)).toEqual({
      help: false,
      from: replica,
      to: join(dir, 'a'),
      at: new Date('2026-05-01T09:30:00Z'),
    });
    expect(parseRestoreArgs(['--from', 's3://bucket/chorus/data.db', '--to', join(dir, 'b')], env)).toMatchObject({
      from: 's3://bucket/chorus/data.db',
    });
    expect(parseRestoreArgs(['--help'], env)).toEqual({ help: true });
  });

  it('says in one sentence what is missing or wrong', () => {
    expect(refusal([])).toBe('Say where to restore to with --to <new folder>.');
    expect(refusal(['--to'])).toBe('--to needs a value; see --help.');
    expect(refusal(['--to', join(dir, 'c'), '--at', 'yesterday'])).toMatch(/^--at yesterday is not a time/);
    expect(refusal(['--to', join(dir, 'c'), '--from', join(dir, 'nothing')])).toMatch(/^There is no replica at/);
    expect(refusal(['--force'])).toBe('Unknown argument --force; see --help.');
  });

  it('refuses the live data folder and a folder that is not empty', () => {
    expect(refusal(['--to', env.PB_DATA_DIR])).toMatch(/is the live data folder/);
    const full = join(dir, 'full');
    mkdirSync(full);
    writeFileSync(join(full, 'data.db'), '');
    expect(refusal(['--to', full])).toMatch(/is not empty/);
  });

  it('keeps the replica beside the data folder unless CHORUS_REPLICA_DIR says otherwise or off', () => {
    expect(replicaDirFromEnv('/srv/pb_data', {})).toBe('/srv/pb_data_replica');
    expect(replicaDirFromEnv('/srv/pb_data', { CHORUS_REPLICA_DIR: '/backups/chorus' })).toBe('/backups/chorus');
    expect(replicaDirFromEnv('/srv/pb_data', { CHORUS_REPLICA_DIR: 'off' })).toBeUndefined();
  });
});
