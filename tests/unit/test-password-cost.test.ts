// The tests' passwords hash at bcrypt's lowest cost (tools/lib/test-password-cost.mjs), and only theirs: the migrations
// leave PocketBase's default for every real server, only the tests' templates lower it, and lowering touches nothing
// but the auth collections' password fields.
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import { afterEach, describe, expect, it } from 'vitest';
import { lowerPasswordCost, TEST_PASSWORD_COST } from '../../tools/lib/test-password-cost.mjs';

const root = join(import.meta.dirname, '../..');
const filesUnder = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? filesUnder(join(dir, entry.name)) : [join(dir, entry.name)],
  );

let folder = '';
afterEach(() => {
  if (folder) rmSync(folder, { recursive: true, force: true });
});

describe('the tests’ password cost', () => {
  it('is bcrypt’s lowest', () => {
    expect(TEST_PASSWORD_COST).toBe(4);
  });

  it('is never set by a migration: a real server hashes at PocketBase’s default', () => {
    const setting = filesUnder(join(root, 'pb_migrations')).filter((file) =>
      /\bcost\s*[:=]/.test(readFileSync(file, 'utf8')),
    );
    expect(setting).toEqual([]);
  });

  it('is lowered only where a tests’ template is made', () => {
    const callers = filesUnder(join(root, 'tools'))
      .filter((file) => file.endsWith('.mjs') && readFileSync(file, 'utf8').includes('lowerPasswordCost('))
      .map((file) => file.slice(root.length + 1))
      .sort();
    expect(callers).toEqual([
      'tools/lib/pocketbase-server.mjs',
      'tools/lib/stack-template.mjs',
      'tools/lib/test-password-cost.mjs',
    ]);
    // Which starts get it is checked on running servers: tests/integration/auth/password-cost.test.ts.
  });

  it('changes the auth collections’ password fields and nothing else', () => {
    folder = mkdtempSync(join(tmpdir(), 'chorus-password-cost-'));
    const db = new DatabaseSync(join(folder, 'data.db'));
    db.exec('CREATE TABLE _collections (id TEXT PRIMARY KEY, type TEXT, fields TEXT)');
    const insert = db.prepare('INSERT INTO _collections VALUES (?, ?, ?)');
    const authFields = [
      { name: 'password', type: 'password', cost: 0, hidden: true },
      { name: 'email', type: 'email' },
    ];
    insert.run('users', 'auth', JSON.stringify(authFields));
    insert.run('posts', 'base', JSON.stringify([{ name: 'title', type: 'text' }]));
    db.close();

    lowerPasswordCost(folder);

    const reopened = new DatabaseSync(join(folder, 'data.db'));
    const rows = Object.fromEntries(
      reopened
        .prepare('SELECT id, fields FROM _collections')
        .all()
        .map((row) => [String(row.id), JSON.parse(String(row.fields))]),
    );
    reopened.close();
    expect(rows.users).toEqual([{ ...authFields[0], cost: 4 }, authFields[1]]);
    expect(rows.posts).toEqual([{ name: 'title', type: 'text' }]);
  });
});
