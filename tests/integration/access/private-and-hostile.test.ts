// What the server refuses or cleans whoever asks: hostile names and titles, posting without a verified
// email, a merge email naming an idea the recipient cannot open, staff-only tags leaking into public reads.
import type PocketBase from 'pocketbase';
import { ClientResponseError, type RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { STAFF_TAG_FILTER } from '../../../src/lib/pb/idea-list-filter';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';

type Mail = { to: string; subject: string; text: string };
let pb: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let actors: Actors;
let board: RecordModel;
beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
  pb = await startTestPocketBase({ smtpPort: mail.smtpPort, appUrl: 'http://chorus.test' });
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
});
afterAll(async () => {
  await pb?.stop();
  await mail?.close();
});

/** The error PocketBase answered with (fails the test when the request succeeded). */
async function refusal(request: Promise<unknown>): Promise<ClientResponseError> {
  try {
    await request;
  } catch (error) {
    if (error instanceof ClientResponseError) return error;
    throw error;
  }
  throw new Error('the request was accepted');
}

const RLO = '\u202e';
const HOSTILE = `\u200b ${RLO}Evil\u0000 title\u2066\u200e\u0007 \ufeff`;
const INVISIBLE = ' \u200b\u200c\u200d\u2060\ufeff\t ';

describe('names and titles', () => {
  const writes: [string, (text: string) => Promise<RecordModel>][] = [
    [
      'posts.title',
      (t) => actors.member.collection('posts').create({ board: board.id, author: idOf(actors.member), title: t }),
    ],
    [
      'changelog_entries.title',
      (t) =>
        actors.moderator
          .collection('changelog_entries')
          .create({ title: t, slug: `s-${Math.random().toString(36).slice(2)}`, state: 'draft' }),
    ],
    [
      'boards.name',
      (t) =>
        actors.admin
          .collection('boards')
          .create({ name: t, slug: `b-${Math.random().toString(36).slice(2)}`, visibility: 'public' }),
    ],
    ['tags.name', (t) => actors.admin.collection('tags').create({ name: t, color: '#123456' })],
    [
      'statuses.name',
      (t) =>
        actors.admin
          .collection('statuses')
          .create({ name: t, slug: `st-${Math.random().toString(36).slice(2)}`, color: '#123456' }),
    ],
    ['users.name', (t) => actors['other member'].collection('users').update(idOf(actors['other member']), { name: t })],
  ];

  it.each(writes)('%s: bidi controls, NUL and control characters are removed, edges trimmed', async (field, write) => {
    const saved = await write(HOSTILE);
    const name = field.split('.')[1] as string;
    expect(saved[name]).toBe('Evil title');
  });

  it.each(writes)('%s: blank or invisible-only text is refused with a field message', async (field, write) => {
    const error = await refusal(write(INVISIBLE));
    const name = field.split('.')[1] as string;
    expect(error.status).toBe(400);
    expect(error.response.data[name]).toEqual({
      code: 'validation_blank',
      message: 'Cannot be blank or invisible characters only.',
    });
  });
});

describe('posting needs a verified email', () => {
  let unverified: PocketBase;
  beforeAll(async () => {
    unverified = await pb.actor('member', { verified: false });
  });
  const postIdea = (who: PocketBase) =>
    who.collection('posts').create({ board: board.id, author: idOf(who), title: 'Unverified idea' });

  it('refuses ideas and comments from an unverified member with a human message', async () => {
    const idea = await createPost(pb, board, actors.member);
    // One request at a time: a refusal not awaited yet would surface as an unhandled rejection.
    for (const request of [
      () => postIdea(unverified),
      () => unverified.collection('comments').create({ post: idea.id, author: idOf(unverified), body: 'Hi' }),
    ]) {
      const error = await refusal(request());
      expect(error.status).toBe(403);
      expect(error.message).toBe('Please verify your email address before posting: open the link we emailed you.');
    }
    expect((await postIdea(actors.member)).title).toBe('Unverified idea');
  });

  it('allows them once the site turns on allow_unverified_posting', async () => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    expect(site.allow_unverified_posting).toBe(false);
    await pb.admin.collection('site').update(site.id, { allow_unverified_posting: true });
    try {
      expect((await postIdea(unverified)).author).toBe(idOf(unverified));
    } finally {
      await pb.admin.collection('site').update(site.id, { allow_unverified_posting: false });
    }
  });
});

describe('merge notifications', () => {
  it('never name a target idea the voter cannot open', async () => {
    const staffBoard = await createBoard(pb, 'staff');
    const voter = await pb.actor('member');
    const duplicate = await createPost(pb, board, actors.member, { title: 'Public duplicate' });
    const target = await createPost(pb, staffBoard, actors.moderator, { title: 'Secret roadmap item' });
    await voter.collection('votes').create({ post: duplicate.id, user: idOf(voter) });
    await actors.moderator.send(`/api/chorus/posts/${duplicate.id}/merge`, {
      method: 'POST',
      body: { into: target.id },
    });
    const address = String(voter.authStore.record?.email);
    const email = await mail.waitFor((m: Mail) => m.to.includes(address) && m.subject.includes('Public duplicate'));
    expect(email.subject).toBe('“Public duplicate” was merged into another idea');
    expect(email.text).not.toContain('Secret');
    expect(email.text).not.toContain(target.id);
    const [notification] = await voter.collection('notifications').getFullList({ expand: 'post' });
    expect(notification?.kind).toBe('merge');
    expect(notification?.post).toBe(duplicate.id);
  });
});

describe('staff-only tags', () => {
  it('written into posts.tags by a superuser (seed, imports, admin UI) land in post_staff_tags', async () => {
    const staffTag = await pb.admin
      .collection('tags')
      .create({ name: 'Churn risk', color: '#123456', staff_only: true });
    const publicTag = await pb.admin.collection('tags').create({ name: 'Editor', color: '#654321' });
    const idea = await createPost(pb, board, actors.member, { tags: [staffTag.id, publicTag.id] });
    expect(idea.tags).toEqual([publicTag.id]);
    expect((await pb.visitor().collection('posts').getOne(idea.id)).tags).toEqual([publicTag.id]);
    const staffTags = await actors.admin.collection('post_staff_tags').getFirstListItem(`post = "${idea.id}"`);
    expect(staffTags.tags).toEqual([staffTag.id]);
  });

  it('move out of posts.tags into post_staff_tags when a tag turns staff-only, and back', async () => {
    const tag = await pb.admin.collection('tags').create({ name: 'Needs triage', color: '#123456' });
    const idea = await createPost(pb, board, actors.member);
    await actors.moderator.collection('posts').update(idea.id, { tags: [tag.id] });
    await actors.admin.collection('tags').update(tag.id, { staff_only: true });
    expect((await pb.visitor().collection('posts').getOne(idea.id)).tags).toEqual([]);
    const staffTags = await actors.moderator.collection('post_staff_tags').getFirstListItem(`post = "${idea.id}"`);
    expect(staffTags.tags).toEqual([tag.id]);
    expect(await actors.member.collection('post_staff_tags').getFullList()).toEqual([]);

    const byTag = (who: PocketBase, filter = STAFF_TAG_FILTER) =>
      who.collection('posts').getFullList({ filter: who.filter(filter, { tag: tag.id }) });
    expect((await byTag(actors.moderator)).map((p) => p.id)).toEqual([idea.id]);
    expect(await byTag(actors.member)).toEqual([]);
    expect(await byTag(actors['blocked moderator'])).toEqual([]);
    expect(await byTag(actors.member, 'tags ~ {:tag}')).toEqual([]);

    await actors.admin.collection('tags').update(tag.id, { staff_only: false });
    expect((await byTag(pb.visitor(), 'tags ~ {:tag}')).map((p) => p.id)).toEqual([idea.id]);
    expect((await byTag(actors.admin)).map((p) => p.id)).toEqual([idea.id]);
    expect((await pb.visitor().collection('posts').getOne(idea.id)).tags).toEqual([tag.id]);
    expect((await pb.admin.collection('post_staff_tags').getOne(staffTags.id)).tags).toEqual([]);
  });
});
