// Migrations are snapshots: each holds the literal rules and lists it applies, so changing a pb_hooks module today never
// changes what an old migration does on a fresh install. (That they apply on an empty database and add up to
// pb_schema.json is tests/integration/operations/schema.test.ts.)
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const folder = 'pb_migrations';
const migrations = readdirSync(folder).filter((name) => name.endsWith('.js'));

describe('migrations', () => {
  it('are named <unix time>_<what>.js, so they apply in the order they were written', () => {
    for (const name of migrations) expect(name).toMatch(/^\d{10}_[a-z0-9_]+\.js$/);
  });

  it.each(migrations)('%s requires no code (the rules it applies are written in it)', (name) => {
    const text = readFileSync(`${folder}/${name}`, 'utf8');
    expect(text).not.toMatch(/\brequire\s*\(/);
  });
});
