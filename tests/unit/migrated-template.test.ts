// The migrated template: made once per set of migrations, hooks and key (the superuser it holds), copied into each
// empty data folder, made again when a migration changes, and the older one removed once it is an hour old.
import { mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, expect, it } from 'vitest';
import { copyMigratedTemplate } from '../../tools/lib/migrated-template.mjs';

const folders: string[] = [];
const folder = () => {
  const path = mkdtempSync(join(tmpdir(), 'chorus-template-test-'));
  folders.push(path);
  return path;
};
afterEach(() => {
  for (const path of folders.splice(0)) rmSync(path, { recursive: true, force: true });
});

it('migrates once, copies the result into every empty folder, and migrates again when a migration changes', async () => {
  const tree = folder();
  const templatesDir = join(folder(), 'templates');
  mkdirSync(join(tree, 'pb_migrations'));
  mkdirSync(join(tree, 'pb_hooks'));
  writeFileSync(join(tree, 'pb_migrations', '1_first.js'), 'first');
  let migrations = 0;
  const migrate = async (dir: string) => {
    migrations += 1;
    writeFileSync(join(dir, 'data.db'), `migrated ${migrations}`);
  };
  const start = (dataDir: string) =>
    copyMigratedTemplate({ bin: '/bin/pb', dataDir, tree, hooksDir: join(tree, 'pb_hooks'), migrate, templatesDir });

  const [one, two] = [folder(), folder()];
  await start(one);
  await start(two);
  expect(migrations).toBe(1);
  expect(readFileSync(join(two, 'data.db'), 'utf8')).toBe('migrated 1');

  const [first] = readdirSync(templatesDir);
  const hoursAgo = new Date(Date.now() - 2 * 3600_000);
  utimesSync(join(templatesDir, first ?? ''), hoursAgo, hoursAgo);
  writeFileSync(join(tree, 'pb_migrations', '2_second.js'), 'second');
  const three = folder();
  await start(three);
  expect(migrations).toBe(2);
  expect(readFileSync(join(three, 'data.db'), 'utf8')).toBe('migrated 2');
  expect(readdirSync(templatesDir)).toHaveLength(1); // the first, two hours old, removed
});

it('a migration that fails leaves no template behind', async () => {
  const tree = folder();
  const templatesDir = join(folder(), 'templates');
  const failing = async () => {
    throw new Error('migration 7 failed');
  };
  await expect(
    copyMigratedTemplate({
      bin: '/bin/pb',
      dataDir: folder(),
      tree,
      hooksDir: join(tree, 'pb_hooks'),
      migrate: failing,
      templatesDir,
    }),
  ).rejects.toThrow('migration 7 failed');
  expect(readdirSync(templatesDir)).toEqual([]);
});

it('keeps another template for another key (what the migration step adds, e.g. the superuser)', async () => {
  const tree = folder();
  const templatesDir = join(folder(), 'templates');
  mkdirSync(join(tree, 'pb_migrations'));
  const made: string[] = [];
  const start = (dataDir: string, key: string) =>
    copyMigratedTemplate({
      bin: '/bin/pb',
      dataDir,
      tree,
      hooksDir: join(tree, 'pb_hooks'),
      key,
      templatesDir,
      migrate: async (dir: string) => {
        made.push(key);
        writeFileSync(join(dir, 'data.db'), `made for ${key}`);
      },
    });
  const [one, two, three] = [folder(), folder(), folder()];
  await start(one, 'operator@chorus.test');
  await start(two, 'someone@else.test');
  await start(three, 'operator@chorus.test');
  expect(made).toEqual(['operator@chorus.test', 'someone@else.test']);
  expect(readFileSync(join(two, 'data.db'), 'utf8')).toBe('made for someone@else.test');
  expect(readFileSync(join(three, 'data.db'), 'utf8')).toBe('made for operator@chorus.test');
});
