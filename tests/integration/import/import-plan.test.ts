// An operator's dry run of `npm run import` tells exactly what the import then does, in the same words
// and counts, on a Chorus that already has some of the source's tags (in other letter cases), people and
// its board; and a second run, where everything was imported, too.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE_PRINCIPAL_ID } from '../../../src/contract/audience';
import { startFiderFixtureServer } from '../../support/fider-fixture-server';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { runImport } from '../../support/run-import';

const API_KEY = 'fider-admin-key-for-tests';
let pb: TestPocketBase;
let fider: Awaited<ReturnType<typeof startFiderFixtureServer>>;
let args: string[];

beforeAll(async () => {
  pb = await startTestPocketBase();
  fider = await startFiderFixtureServer(API_KEY);
  args = ['fider', '--url', fider.url, '--key', API_KEY];
  // Five of Fider's six tags are already here, two of them written differently.
  for (const name of ['Editor', 'localization', 'MOBILE', 'Performance', 'Sync']) {
    await pb.admin.collection('tags').create({ name, color: '#123456' });
  }
  await pb.admin.collection('users').create({
    email: 'User0@Fider.localhost',
    password: 'an existing password',
    passwordConfirm: 'an existing password',
    name: 'Mei (already here)',
  });
  await pb.admin.collection('boards').create({ name: 'Lumen', slug: 'lumen', visibility: 'public' });
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await fider?.close();
});

/** The lines under a heading, up to the next line that is not indented. */
function linesUnder(output: string, heading: RegExp): string[] {
  const lines = output.split('\n');
  const start = lines.findIndex((line) => heading.test(line));
  expect(start, `no heading ${heading} in:\n${output}`).toBeGreaterThanOrEqual(0);
  const body = [];
  for (const line of lines.slice(start + 1)) {
    if (!line.startsWith('  ')) break;
    body.push(line);
  }
  return body;
}
/** People: every user but the member audience's principal, which a migration makes (it is nobody). */
const PEOPLE = `id != "${AUDIENCE_PRINCIPAL_ID}"`;
const count = async (collection: string, filter = '') =>
  (await pb.admin.collection(collection).getList(1, 1, { filter })).totalItems;

describe('an operator importing from Fider', () => {
  it('reads in the dry run exactly what the import then does, reused tags, people and board included', async () => {
    const dry = await runImport(pb.url, [...args, '--dry-run']);
    expect(dry.code, dry.output).toBe(0);
    const predicted = linesUnder(dry.output, /^Dry run of the import from fider:.* \(nothing is written\)/);
    expect(predicted.slice(0, 3)).toEqual([
      '  new               37 ideas, 29 comments, 97 votes, 6 images, 19 people, 1 tag',
      '  matched           1 person by email, 5 tags by name, 1 board by name',
      '  already imported  nothing',
    ]);
    expect(await count('posts')).toBe(0);

    const real = await runImport(pb.url, [...args, '--yes']);
    expect(real.code, real.output).toBe(0);
    expect(real.output).not.toContain('Dry run');
    expect(real.output).toMatch(/^Import from fider:.* \(a real run, not a dry run\)/m);
    const done = linesUnder(real.output, /^Imported from fider:.* It did this:/);
    expect(done).toEqual(predicted);
    expect(await count('tags')).toBe(6);
    expect(await count('boards')).toBe(1);
    expect(await count('users', PEOPLE)).toBe(20);
  }, 120_000);

  it('reads in a second dry run that everything is already imported, and the second run agrees', async () => {
    const dry = await runImport(pb.url, [...args, '--dry-run']);
    const predicted = linesUnder(dry.output, /^Dry run of the import from/);
    expect(predicted.slice(0, 3)).toEqual([
      '  new               nothing',
      '  matched           nothing',
      '  already imported  37 ideas, 29 comments, 97 votes, 20 people, 6 tags',
    ]);
    const real = await runImport(pb.url, [...args, '--yes']);
    expect(linesUnder(real.output, /^Imported from .* It did this:/)).toEqual(predicted);
  }, 120_000);
});

describe('a staff-only tag in the source', () => {
  it('never shows on an idea through a public Chorus tag of the same name, and the operator is told', async () => {
    const other = await startTestPocketBase();
    try {
      await other.admin.collection('tags').create({ name: 'needs triage', color: '#123456', staff_only: false });
      const { code, output } = await runImport(other.url, [...args, '--yes']);
      expect(code).toBe(0);
      const row = await other.admin.collection('imports').getFirstListItem('kind = "post" && external_id = "36"');
      const arabic = await other.visitor().collection('posts').getOne(row.record, { expand: 'tags' });
      expect(arabic.expand?.tags.map((t: { name: string }) => t.name).sort()).toEqual(['Editor', 'Localization']);
      expect((await other.admin.collection('post_staff_tags').getList(1, 1)).totalItems).toBe(0);
      expect(output).toContain(
        'tag Needs triage: staff-only in the source, but Chorus has a public tag of that name: left off the ideas so it stays private',
      );
    } finally {
      await other.stop();
    }
  }, 120_000);
});
