// Private files stay private (issue #42): an image is served to whoever may read its record and to nobody else.
// A visitor holding the address of an image of an idea on a staff or segment board, or of an internal or hidden
// comment, gets 404 (as for the record); a member, a segment member and staff open what they may see with a
// short-lived file token; an idea moved from a public board to a staff board stops serving its image to visitors.
// (The site's /files/ route and its edge copies: tests/e2e/ideas/private-files.spec.ts.)
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { createBoard, idOf } from '../../support/world';

// A 1x1 transparent PNG.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==',
  'base64',
);
const WHO = ['visitor', 'member', 'segment member', 'staff'] as const;
type Who = (typeof WHO)[number];

let pb: TestPocketBase;
let people: Record<Who, PocketBase>;
let publicBoard: RecordModel;
let staffBoard: RecordModel;
let segmentBoard: RecordModel;
let author: PocketBase;

const withImage = (fields: Record<string, unknown>) => {
  const form = new FormData();
  for (const [key, value] of Object.entries(fields)) form.set(key, String(value));
  form.append('images', new File([new Uint8Array(PNG)], 'screen.png', { type: 'image/png' }));
  return form;
};
const ideaWithImage = (board: RecordModel) =>
  pb.admin
    .collection('posts')
    .create(withImage({ board: board.id, author: idOf(author), title: 'With a screenshot', approved: true }));
const commentWithImage = (post: RecordModel, fields: Record<string, unknown>) =>
  pb.admin.collection('comments').create(withImage({ post: post.id, author: idOf(author), body: 'See', ...fields }));

/** What `who` gets at the image's address: a visitor as is, a signed-in person with their own file token. */
async function statusFor(who: Who, record: RecordModel, thumb = ''): Promise<number> {
  const client = people[who];
  const token = client.authStore.isValid ? await client.files.getToken() : '';
  const url = client.files.getURL(record, record['images'][0], { token, ...(thumb && { thumb }) });
  const answer = await fetch(url);
  await answer.arrayBuffer();
  return answer.status;
}
const matrix = async (record: RecordModel) =>
  Object.fromEntries(await Promise.all(WHO.map(async (who) => [who, await statusFor(who, record)])));
const expected = (...allowed: Who[]) => Object.fromEntries(WHO.map((who) => [who, allowed.includes(who) ? 200 : 404]));

beforeAll(async () => {
  pb = await startTestPocketBase();
  const [member, segmentMember, staff, writer] = await Promise.all([
    pb.actor('member'),
    pb.actor('member'),
    pb.actor('moderator'),
    pb.actor('member'),
  ]);
  people = { visitor: pb.visitor(), member, 'segment member': segmentMember, staff };
  author = writer;
  const gold = await pb.admin.collection('companies').create({ external_id: 'gold', name: 'Gold Inc', plan: 'Gold' });
  await pb.admin.collection('member_profiles').create({ user: idOf(segmentMember), company: gold.id });
  const segment = await pb.admin
    .collection('segments')
    .create({ name: 'Gold', conditions: { match: 'all', rules: [{ field: 'plan', op: 'eq', value: 'Gold' }] } });
  [publicBoard, staffBoard, segmentBoard] = await Promise.all([
    createBoard(pb, 'public'),
    createBoard(pb, 'staff'),
    pb.admin
      .collection('boards')
      .create({ name: 'Gold corner', slug: `gold-${Date.now()}`, visibility: 'segment', segment: segment.id }),
  ]);
});
afterAll(() => pb?.stop());

describe('who opens an image at its address', () => {
  it('an image of an idea on a public board: everyone, a visitor without any token', async () => {
    const idea = await ideaWithImage(publicBoard);
    expect(await matrix(idea)).toEqual(expected('visitor', 'member', 'segment member', 'staff'));
  });

  it('an image of an idea on a staff-only board: staff only', async () => {
    const idea = await ideaWithImage(staffBoard);
    expect(await matrix(idea)).toEqual(expected('staff'));
  });

  it('an image of an idea on a segment board: its segment and staff', async () => {
    const idea = await ideaWithImage(segmentBoard);
    expect(await matrix(idea)).toEqual(expected('segment member', 'staff'));
  });

  it('an image of an internal comment on a public idea: staff only', async () => {
    const idea = await ideaWithImage(publicBoard);
    const comment = await commentWithImage(idea, { internal: true, author: idOf(people.staff) });
    expect(await matrix(comment)).toEqual(expected('staff'));
  });

  it('an image of a hidden comment on a public idea: staff (and its author) only', async () => {
    const idea = await ideaWithImage(publicBoard);
    const comment = await commentWithImage(idea, { hidden: true });
    expect(await matrix(comment)).toEqual(expected('staff'));
    const token = await author.files.getToken();
    expect((await fetch(author.files.getURL(comment, comment['images'][0], { token }))).status).toBe(200);
  });

  it('a thumbnail is the same file: a visitor asking for the 100x100 of a staff image gets nothing', async () => {
    const idea = await ideaWithImage(staffBoard);
    expect(await statusFor('visitor', idea, '100x100')).toBe(404);
    expect(await statusFor('staff', idea, '100x100')).toBe(200);
  });
});

describe('file tokens', () => {
  it('a visitor cannot get one; a member’s lasts minutes, not hours', async () => {
    const refused = await fetch(`${pb.url}/api/files/token`, { method: 'POST' });
    expect(refused.status).toBe(401);
    const token = await people.member.files.getToken();
    const claims = JSON.parse(Buffer.from(token.split('.')[1] ?? '', 'base64url').toString()) as { exp: number };
    expect(claims.exp - Date.now() / 1000).toBeLessThanOrEqual(180);
  });

  it('a member copies a moderator’s image address but has only their own token: nothing', async () => {
    const idea = await ideaWithImage(staffBoard);
    const address = people.staff.files.getURL(idea, idea['images'][0]);
    const memberToken = await people.member.files.getToken();
    expect((await fetch(`${address}?token=${memberToken}`)).status).toBe(404);
    expect((await fetch(`${address}?token=not-a-token`)).status).toBe(404);
  });

  it('a blocked moderator’s token opens no staff image', async () => {
    const blocked = await pb.actor('moderator', { blocked: true });
    const idea = await ideaWithImage(staffBoard);
    const token = await blocked.files.getToken();
    expect((await fetch(blocked.files.getURL(idea, idea['images'][0], { token }))).status).toBe(404);
  });
});

describe('visibility that changes after the upload', () => {
  it('an idea moved from a public board to a staff board stops serving its image to a visitor', async () => {
    const idea = await ideaWithImage(publicBoard);
    expect(await statusFor('visitor', idea)).toBe(200);
    await pb.admin.collection('posts').update(idea.id, { board: staffBoard.id });
    expect(await statusFor('visitor', idea)).toBe(404);
    expect(await statusFor('member', idea)).toBe(404);
    expect(await statusFor('staff', idea)).toBe(200);
  });

  it('a comment hidden after the upload stops serving its image to a visitor', async () => {
    const idea = await ideaWithImage(publicBoard);
    const comment = await commentWithImage(idea, {});
    expect(await statusFor('visitor', comment)).toBe(200);
    await pb.admin.collection('comments').update(comment.id, { hidden: true });
    expect(await statusFor('visitor', comment)).toBe(404);
  });

  it('PocketBase tells no cache in front of it to keep a protected image (the site’s edge keeps the public ones)', async () => {
    const idea = await ideaWithImage(publicBoard);
    const answer = await fetch(pb.visitor().files.getURL(idea, idea['images'][0]));
    expect(answer.headers.get('cache-control')).toBe('private, no-cache');
    const avatarOwner = await pb.admin.collection('users').update(idOf(author), withAvatar());
    const avatar = await fetch(pb.visitor().files.getURL(avatarOwner, avatarOwner['avatar']));
    expect(avatar.status).toBe(200);
    expect(avatar.headers.get('cache-control')).toContain('max-age=');
  });

  it('a draft release’s cover is staff-only until it is published', async () => {
    const form = new FormData();
    form.set('title', 'Faster boards');
    form.set('slug', `faster-${Date.now()}`);
    form.set('body', 'Boards load faster.');
    form.set('state', 'draft');
    form.append('cover', new File([new Uint8Array(PNG)], 'cover.png', { type: 'image/png' }));
    const entry = await pb.admin.collection('changelog_entries').create(form);
    const cover = (client: PocketBase, token = '') => fetch(client.files.getURL(entry, entry['cover'], { token }));
    expect((await cover(people.visitor)).status).toBe(404);
    expect((await cover(people.staff, await people.staff.files.getToken())).status).toBe(200);
    await pb.admin.collection('changelog_entries').update(entry.id, { state: 'published' });
    expect((await cover(people.visitor)).status).toBe(200);
  });
});

function withAvatar(): FormData {
  const form = new FormData();
  form.append('avatar', new File([new Uint8Array(PNG)], 'me.png', { type: 'image/png' }));
  return form;
}
