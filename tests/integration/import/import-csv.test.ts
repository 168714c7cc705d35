// `npm run import -- csv`: Canny's and UserVoice's export formats and a generic one with a column
// mapping. Bad rows are reported with their line and the reason, never fatal; a second run creates
// nothing; images named in the CSV are copied into PocketBase's storage.
import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startFiderFixtureServer } from '../../support/fider-fixture-server';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { runImport } from '../../support/run-import';

const FIXTURES = join(import.meta.dirname, '../../fixtures/csv');
let pb: TestPocketBase;
let images: Awaited<ReturnType<typeof startFiderFixtureServer>>;
beforeAll(async () => {
  pb = await startTestPocketBase();
  images = await startFiderFixtureServer('unused');
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await images?.close();
});

const postTitled = (title: string): Promise<RecordModel> =>
  pb.admin.collection('posts').getFirstListItem(pb.admin.filter('title = {:title}', { title }), {
    expand: 'status,board,tags,author,merged_into',
  });

describe('importing CSV exports', () => {
  it('imports a Canny export and reports the rows it could not take', async () => {
    const args = ['csv', '--format', 'canny', '--file', join(FIXTURES, 'canny-posts.csv'), '--yes'];
    const { code, output } = await runImport(pb.url, args);
    expect(code).toBe(0);
    expect(output).toMatch(/It did this:\n +new +3 ideas, 2 people, 3 tags, 1 board\n +matched +nothing\n/);
    expect(output).toContain('line 5: no title');
    expect(output).toContain('line 6: no valid author email ("not-an-email")');
    expect(output).toContain('line 7: unknown status "Someday", imported as Open');

    const slack = await postTitled('Slack notifications for new posts');
    expect(slack.expand?.status.slug).toBe('planned');
    expect(slack.expand?.board).toMatchObject({ name: 'Feature Requests', slug: 'feature-requests' });
    expect(slack.expand?.tags.map((t: RecordModel) => t.name).sort()).toEqual(['integrations', 'slack']);
    expect(new Date(slack.created).toISOString()).toBe('2025-03-02T10:15:00.000Z');
    const exported = await postTitled('Export to "CSV" with comments');
    expect(exported.body).toBe('Line one\nline two with <script>alert(1)</script>');
    expect(exported.expand?.status.slug).toBe('done');
    const dark = await postTitled('Dark theme for the widget');
    expect(dark.expand?.author.id).toBe(slack.expand?.author.id); // ANA@… is ana@…
    expect(dark.expand?.status.slug).toBe('open');

    const again = await runImport(pb.url, args);
    expect(again.output).toMatch(
      /It did this:\n +new +nothing\n +matched +nothing\n +already imported +3 ideas, 2 people, 3 tags\n/,
    );
    expect((await pb.admin.collection('posts').getList(1, 1)).totalItems).toBe(3);
  }, 60_000);

  it('imports a UserVoice export: statuses, labels, merged ideas, and reports unreadable dates', async () => {
    const args = ['csv', '--format', 'uservoice', '--file', join(FIXTURES, 'uservoice-suggestions.csv'), '--yes'];
    const { code, output } = await runImport(pb.url, args);
    expect(code).toBe(0);
    expect(output).toContain('line 5: unreadable date "the day before yesterday"');
    const offline = await postTitled('Offline mode');
    expect(offline.expand?.status.slug).toBe('in-progress');
    expect(offline.expand?.board.slug).toBe('product-ideas');
    const duplicate = await postTitled('Offline support for the app');
    expect(duplicate.merged_into).toBe(offline.id);
    const fonts = await postTitled('Bigger fonts');
    expect(fonts.expand?.tags.map((t: RecordModel) => t.name).sort()).toEqual(['a11y', 'ui']);
    expect(new Date(fonts.created).toISOString()).toBe('2024-02-10T11:45:00.000Z');
  }, 60_000);

  it('maps a generic CSV’s own column names, copies its images and records its voters', async () => {
    const image = `${images.url}/static/images/attachments/ofqatMaNw5ebWW9rCnZFJFR6DyNiA7ApMrW5CFXo4l5ZBZfkXBBIXhfJ9Ep3YSvd-screenshot_1_uj077orlkg.png`;
    const file = join(mkdtempSync(join(tmpdir(), 'chorus-csv-')), 'ideas.csv');
    writeFileSync(
      file,
      'Subject,Text,Email,Who,Pictures,Supporters\n' +
        `Share a note by link,Public links please.,hana@generic.example,Hana,${image};${images.url}/missing.png,"ivo@generic.example;jan@generic.example"\n`,
    );
    const args = ['csv', '--file', file, '--board', 'Imported', '--yes'];
    const mapping = [
      '--map',
      'title=Subject',
      '--map',
      'body=Text',
      '--map',
      'author_email=Email',
      '--map',
      'author_name=Who',
    ];
    const { code, output } = await runImport(pb.url, [
      ...args,
      ...mapping,
      '--map',
      'images=Pictures',
      '--map',
      'voters=Supporters',
    ]);
    expect(code).toBe(0);
    expect(output).toContain(`image ${images.url}/missing.png not copied: HTTP 404`);
    const shared = await postTitled('Share a note by link');
    expect(shared).toMatchObject({ body: 'Public links please.', vote_count: 2 });
    expect(shared.images).toHaveLength(1);
    expect(shared.expand?.board.slug).toBe('imported');
    const file0 = await fetch(pb.admin.files.getURL(shared, shared.images[0]));
    expect(file0.headers.get('content-type')).toBe('image/png');

    const unmapped = await runImport(pb.url, ['csv', '--file', file, '--yes']);
    expect(unmapped.code).toBe(1);
    expect(unmapped.output).toContain('The CSV has no "title" column (title); map it with --map title=<column>.');
  }, 60_000);
});
