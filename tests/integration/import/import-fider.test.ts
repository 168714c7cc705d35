// `npm run import` from a "running Fider": the recorded Fider v0.36.0 answers served over HTTP. An
// interrupted run resumes, the finished import holds exactly what Fider had (people matched or created
// by email, statuses, tags, duplicates merged, comments, votes, images, original dates), a second run
// creates nothing, and the <script> bodies Fider stores verbatim render harmless.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AUDIENCE_PRINCIPAL_ID } from '../../../src/contract/audience';
import { renderMarkdown } from '../../../src/lib/markdown';
import { startFiderFixtureServer } from '../../support/fider-fixture-server';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { runImport, startImport } from '../../support/run-import';

const API_KEY = 'fider-admin-key-for-tests';
let pb: TestPocketBase;
let fider: Awaited<ReturnType<typeof startFiderFixtureServer>>;
let args: string[];

beforeAll(async () => {
  pb = await startTestPocketBase();
  fider = await startFiderFixtureServer(API_KEY);
  args = ['fider', '--url', fider.url, '--key', API_KEY, '--yes'];
  // A person who already has a Chorus account is matched by email, never duplicated.
  await pb.admin.collection('users').create({
    email: 'user0@fider.localhost',
    password: 'an existing password',
    passwordConfirm: 'an existing password',
    name: 'Mei (already here)',
  });
  // Imported history is not news: an endpoint listening to every event gets nothing from the import.
  await pb.admin.collection('webhooks').create({
    name: 'Listener',
    url: 'http://127.0.0.1:9/hook',
    kind: 'standard',
    events: ['idea.posted', 'comment.posted', 'idea.vote_milestone'],
  });
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await fider?.close();
});

/** People: every user but the member audience's principal, which a migration makes (it is nobody). */
const PEOPLE = `id != "${AUDIENCE_PRINCIPAL_ID}"`;
const count = async (collection: string, filter = '') =>
  (await pb.admin.collection(collection).getList(1, 1, { filter })).totalItems;
const postNumbered = async (number: number): Promise<RecordModel> => {
  const row = await pb.admin.collection('imports').getFirstListItem(`kind = "post" && external_id = "${number}"`);
  return pb.admin.collection('posts').getOne(row.record, { expand: 'status,tags,author' });
};

describe('importing from Fider', () => {
  it('refuses a wrong API key with Fider’s own message', async () => {
    const { code, output } = await runImport(pb.url, ['fider', '--url', fider.url, '--key', 'wrong', '--yes']);
    expect(code).toBe(1);
    expect(output).toContain('API Key is invalid');
    expect(await count('posts')).toBe(0);
  });

  it('prints a dry-run summary and writes nothing with --dry-run', async () => {
    const { code, output } = await runImport(pb.url, [...args, '--dry-run']);
    expect(code).toBe(0);
    expect(output).toContain(
      '  new               37 ideas, 29 comments, 97 votes, 6 images, 19 people, 6 tags, 1 board',
    );
    expect(output).toContain('  matched           1 person by email');
    expect(await count('posts')).toBe(0);
  });

  it('resumes an interrupted import without creating anything twice', async () => {
    const first = startImport(pb.url, args);
    while (!/ideas \d+\/37/.test(first.output())) await new Promise((r) => setTimeout(r, 20));
    first.child.kill('SIGKILL');
    await first.done;
    const partial = await count('posts');
    expect(partial).toBeGreaterThan(0);
    expect(partial).toBeLessThan(37);

    const { code, output } = await runImport(pb.url, args);
    expect(code).toBe(0);
    expect(output).toMatch(/new +\d+ ideas?, .*\n.*\n +already imported +[1-9]\d* ideas?/);
    expect(output).toContain('ideas 37/37');
    expect(await count('posts')).toBe(37);
    expect(await count('comments')).toBe(29);
    expect(await count('votes')).toBe(97);
    expect(await count('users', PEOPLE)).toBe(20);
    expect(await count('tags')).toBe(6);
    expect(await count('notifications')).toBe(0); // imported comments notify nobody
    expect(await count('webhook_deliveries')).toBe(0);
  }, 120_000);

  it('keeps what Fider had: authors by email, statuses, tags, responses, duplicates, dates, images', async () => {
    const dark = await postNumbered(1);
    expect(dark).toMatchObject({ title: 'Dark mode that follows the system setting', vote_count: 8, comment_count: 3 });
    expect(await count('boards', 'slug = "lumen"')).toBe(1); // named after the Fider site
    expect(dark.expand?.status.slug).toBe('in-progress');
    expect(dark.expand?.author.name).toBe('Mei (already here)');
    expect(dark.expand?.tags.map((t: RecordModel) => t.name)).toEqual(['Editor']);
    expect(new Date(dark.created).toISOString()).toBe('2026-11-22T07:44:29.136Z');
    expect(dark.images).toHaveLength(1);
    expect(dark.body).not.toContain('fider-image:');
    expect(dark.body).toContain('follow `prefers-color-scheme`');

    const duplicate = await postNumbered(37);
    expect(duplicate.merged_into).toBe(dark.id);
    expect((await postNumbered(32)).merged_into).toBe((await postNumbered(29)).id);

    const arabic = await postNumbered(36);
    // Fider's staff-only tag lands among the idea's staff-only tags (post_staff_tags), never in posts.tags.
    expect(arabic.expand?.tags.map((t: RecordModel) => t.name).sort()).toEqual(['Editor', 'Localization']);
    const staffTags = await pb.admin
      .collection('post_staff_tags')
      .getFirstListItem(pb.admin.filter('post = {:post}', { post: arabic.id }), { expand: 'tags' });
    expect(staffTags.expand?.tags.map((t: RecordModel) => [t.name, t.staff_only])).toEqual([['Needs triage', true]]);
    expect(arabic.response).not.toBe('');

    const statuses = await pb.admin.collection('statuses').getFullList();
    const perStatus = Object.fromEntries(
      await Promise.all(statuses.map(async (s) => [s.slug, await count('posts', `status = "${s.id}"`)])),
    );
    expect(perStatus).toEqual({ open: 20, 'under-review': 0, planned: 6, 'in-progress': 3, done: 5, declined: 3 });

    const withImage = await pb.admin.collection('comments').getFullList({ filter: 'images:length > 0' });
    expect(withImage).toHaveLength(1);
    expect(withImage[0]?.body).toContain('## Steps to reproduce');
    const created = await pb.admin.collection('users').getFirstListItem('email = "admin@fider.localhost"');
    expect(created).toMatchObject({ name: 'Lumen Admin', role: 'member', verified: true });
  });

  it('brings the <script> probes over as text that renders harmless', async () => {
    const probe = await postNumbered(29);
    expect(probe.body).toContain('<script>alert(1)</script>');
    const html = renderMarkdown(probe.body);
    expect(html).toBe('&lt;script&gt;alert(1)&lt;/script&gt;<p>click &lt;img src=x onerror=alert(3)&gt;</p>\n');
  });

  it('creates nothing on a second run', async () => {
    const before = await Promise.all(['posts', 'comments', 'votes', 'users', 'tags', 'imports'].map((c) => count(c)));
    const { code, output } = await runImport(pb.url, args);
    expect(code).toBe(0);
    expect(output).toContain('  already imported  37 ideas, 29 comments, 97 votes, 20 people, 6 tags');
    expect(output).toMatch(/It did this:\n +new +nothing\n +matched +nothing\n/);
    const after = await Promise.all(['posts', 'comments', 'votes', 'users', 'tags', 'imports'].map((c) => count(c)));
    expect(after).toEqual(before);
  }, 60_000);
});
