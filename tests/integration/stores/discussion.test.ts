// The idea page's live stores against a real PocketBase: comments (markdown like the server, hidden
// ones leaving open pages, rollback), reactions with counts, the follow button following the
// auto-subscription, and the voters list following votes.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toCommentView } from '../../../src/features/comments/comment-views';
import { listCommentPage, updateComment } from '../../../src/features/comments/comments-data';
import { renderMarkdown } from '../../../src/lib/markdown';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';
import { holdAnswers, openTab, type Tab, waitFor } from './tab';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
const tabs: Tab[] = [];
const stops: (() => void)[] = [];

async function tab(as?: keyof Actors): Promise<Tab> {
  const opened = await openTab(pb.url, as ? actors[as] : undefined);
  tabs.push(opened);
  return opened;
}

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
});
afterAll(async () => {
  for (const stop of stops) stop();
  for (const t of tabs) t.close();
  await pb?.stop();
});

/** A comment by the other member on `post` (the comments the stories' tabs hear arrive and change). */
const otherSays = (post: { id: string }, body: string) =>
  actors['other member'].collection('comments').create({ post: post.id, author: idOf(actors['other member']), body });

describe('comments', () => {
  it('shows a comment at once, then the saved one, rendered like the server renders it', async () => {
    const t = await tab('member');
    const post = await createPost(pb, board, actors['other member']);
    stops.push(t.comments.startComments(post.id, []));
    await t.comments.loadRenderer();
    const body = 'Opened with **bold** and a list:\n\n- one\n- two';
    const pending = t.comments.addComment(body);
    expect(t.comments.$comments.get()).toMatchObject([{ body, pending: true }]);
    const result = await pending;
    expect(result.ok).toBe(true);
    await waitFor(() => t.comments.$comments.get()[0]?.pending === undefined);
    expect(t.comments.$comments.get()).toHaveLength(1);
    const { name } = await pb.admin.collection('users').getOne(idOf(actors.member));
    expect(t.comments.$comments.get()[0]).toMatchObject({ author: { id: idOf(actors.member), name }, body });
    expect(t.comments.$comments.get()[0]?.html).toBe(renderMarkdown(body));
  });

  it('a comment from someone else arrives live with its markdown rendered', async () => {
    const t = await tab('member');
    const post = await createPost(pb, board, actors['other member']);
    stops.push(t.comments.startComments(post.id, []));
    await t.live();
    await otherSays(post, 'A `code` word');
    await waitFor(() => t.comments.$comments.get().length === 1);
    // Its author comes on the comment itself (no second read per live comment).
    const { name } = await pb.admin.collection('users').getOne(idOf(actors['other member']));
    expect(t.comments.$comments.get()[0]).toMatchObject({
      isNew: true,
      html: renderMarkdown('A `code` word'),
      author: { id: idOf(actors['other member']), name, avatarUrl: null },
    });
  });

  it('a catch-up answer overtaken by a live comment keeps that comment', async () => {
    const t = await tab('member');
    const post = await createPost(pb, board, actors['other member']);
    stops.push(t.comments.startComments(post.id, []));
    await t.live();
    const late = holdAnswers(t.client, (url) => url.includes(`/posts/${post.id}/comments`));
    const caughtUp = t.comments.catchUp(post.id);
    await late.answered; // the answer says "no comments"; the tab hears it only when released
    await otherSays(post, 'Arrived meanwhile');
    await waitFor(() => t.comments.$comments.get().length === 1);
    late.release();
    await caughtUp;
    expect(t.comments.$comments.get().map((c) => c.body)).toEqual(['Arrived meanwhile']);
  });

  it('a catch-up answer overtaken by a live edit keeps the edit', async () => {
    const t = await tab('member');
    const post = await createPost(pb, board, actors['other member']);
    const said = await otherSays(post, 'As first written');
    const initial = (await listCommentPage(t.client, post.id)).items.map((r) => toCommentView(t.client, r, null, ''));
    stops.push(t.comments.startComments(post.id, initial));
    await t.live();
    const late = holdAnswers(t.client, (url) => url.includes(`/posts/${post.id}/comments`));
    const caughtUp = t.comments.catchUp(post.id);
    await late.answered; // the answer has the comment as first written; the tab hears it only when released
    await updateComment(actors['other member'], said.id, 'Edited meanwhile');
    await waitFor(() => t.comments.$comments.get()[0]?.body === 'Edited meanwhile');
    late.release();
    await caughtUp;
    expect(t.comments.$comments.get().map((c) => c.body)).toEqual(['Edited meanwhile']);
  });

  /** An idea with five comments, a page showing the first two, and the island to start on that page. */
  async function pageOfTwoInFive(t: Tab) {
    const post = await createPost(pb, board, actors['other member']);
    const author = actors['other member'];
    const say = (body: string) => author.collection('comments').create({ post: post.id, author: idOf(author), body });
    for (let n = 1; n <= 5; n++) await say(`Number ${n}`);
    const first = await listCommentPage(t.client, post.id, { limit: 2 });
    const initial = first.items.map((record) => toCommentView(t.client, record, null, ''));
    const start = () =>
      stops.push(
        t.comments.startComments(post.id, initial, { next: first.next, commentCount: 5, since: first.newest ?? '' }),
      );
    return { post, say, first, start };
  }
  const shown = (t: Tab) => t.comments.$comments.get().map((c) => c.body);
  const allFive = ['Number 1', 'Number 2', 'Number 3', 'Number 4', 'Number 5'];

  it('a long discussion: a comment arriving live while pages are unshown, then the next page, each once in order', async () => {
    const t = await tab('member');
    const { post, say, first, start } = await pageOfTwoInFive(t);
    start();
    await t.live();
    await say('Live one');
    await waitFor(() => t.comments.$comments.get().length === 3);
    expect(t.comments.$commentsNext.get()).toBe(first.next);
    await t.comments.catchUp(post.id); // a reconnect keeps the gap and what came live
    expect(shown(t)).toEqual(['Number 1', 'Number 2', 'Live one']);
    expect((await t.comments.loadMoreComments()).ok).toBe(true);
    expect(shown(t)).toEqual([...allFive, 'Live one']);
    expect(t.comments.$commentsNext.get()).toBeNull();
  });

  it('an island started late, pages unshown, catches up every comment that came since the page, however many', async () => {
    const t = await tab('member');
    const { post, say, first, start } = await pageOfTwoInFive(t);
    // Three more come before the island starts: more than the two the page shows.
    for (const body of ['Since a', 'Since b', 'Since c']) await say(body);
    start();
    await t.comments.catchUp(post.id); // what a late start asks (its idea's live count is past the page's)
    expect(shown(t)).toEqual(['Number 1', 'Number 2', 'Since a', 'Since b', 'Since c']);
    expect(t.comments.$commentsNext.get()).toBe(first.next);
    expect((await t.comments.loadMoreComments()).ok).toBe(true);
    expect(shown(t)).toEqual([...allFive, 'Since a', 'Since b', 'Since c']);
  });

  it('a comment staff hide leaves a member’s open page, and comes back when shown again', async () => {
    const t = await tab('member');
    const post = await createPost(pb, board, actors['other member']);
    const comment = await otherSays(post, 'Spam');
    const initial = [
      {
        id: comment.id,
        parent: '',
        author: { id: idOf(actors['other member']), name: 'x', avatarUrl: null },
        body: 'Spam',
        html: null,
        images: [],
        created: comment.created,
        age: 'now',
        edited: false,
        internal: false,
        hidden: false,
      },
    ];
    stops.push(t.comments.startComments(post.id, initial));
    await t.live();
    await actors.moderator.collection('comments').update(comment.id, { hidden: true });
    await waitFor(() => t.comments.$comments.get().length === 0);
    await actors.moderator.collection('comments').update(comment.id, { hidden: false });
    await waitFor(() => t.comments.$comments.get().length === 1);
    expect(t.comments.$comments.get()[0]?.id).toBe(comment.id);
  });

  it('takes the comment back and says why when the idea is locked', async () => {
    const t = await tab('member');
    const post = await createPost(pb, board, actors['other member'], { locked: true });
    stops.push(t.comments.startComments(post.id, []));
    const result = await t.comments.addComment('Too late');
    expect(result.ok).toBe(false);
    expect(t.comments.$comments.get()).toEqual([]);
    expect(t.toast.$toast.get()?.message).toMatch(/^Your comment was not posted\. /);
  });

  it('refuses an empty comment without asking the server', async () => {
    const t = await tab('member');
    const result = await t.comments.addComment('   ');
    expect(result).toEqual({
      ok: false,
      error: { kind: 'validation', message: 'Write something first.', fields: { body: 'Write something first.' } },
    });
  });

  it('edits and deletes one’s own comment, and rolls back an edit the server refuses', async () => {
    const t = await tab('member');
    const post = await createPost(pb, board, actors['other member']);
    stops.push(t.comments.startComments(post.id, []));
    const added = await t.comments.addComment('First');
    if (!added.ok) throw new Error('not added');
    expect((await t.comments.editComment(added.value.id, 'Second')).ok).toBe(true);
    expect((await pb.admin.collection('comments').getOne(added.value.id)).body).toBe('Second');
    await pb.admin.collection('posts').update(post.id, { locked: true });
    expect((await t.comments.editComment(added.value.id, 'Third')).ok).toBe(false);
    expect(t.comments.$comments.get().find((c) => c.id === added.value.id)?.body).toBe('Second');
    await pb.admin.collection('posts').update(post.id, { locked: false });
    expect((await t.comments.removeComment(added.value.id)).ok).toBe(true);
    expect(t.comments.$comments.get()).toEqual([]);
  });

  it('staff hide a comment optimistically; a member may not', async () => {
    const post = await createPost(pb, board, actors['other member']);
    const comment = await otherSays(post, 'Hmm');
    const view = {
      id: comment.id,
      parent: '',
      author: { id: idOf(actors['other member']), name: 'x', avatarUrl: null },
      body: 'Hmm',
      html: null,
      images: [],
      created: comment.created,
      age: 'now',
      edited: false,
      internal: false,
      hidden: false,
    };
    const member = await tab('member');
    member.comments.$comments.set([view]);
    expect((await member.comments.toggleCommentHidden(comment.id)).ok).toBe(false);
    expect(member.comments.$comments.get()[0]?.hidden).toBe(false);
    const staff = await tab('moderator');
    staff.comments.$comments.set([view]);
    expect((await staff.comments.toggleCommentHidden(comment.id)).ok).toBe(true);
    expect(staff.comments.$comments.get()[0]?.hidden).toBe(true);
    expect((await pb.admin.collection('comments').getOne(comment.id)).hidden).toBe(true);
  });
});

describe('reactions', () => {
  it('count live across members, and toggle optimistically', async () => {
    const post = await createPost(pb, board, actors['other member']);
    const comment = await otherSays(post, 'Yes');
    const a = await tab('member');
    const b = await tab('other member');
    stops.push(a.reactions.startReactions(post.id), b.reactions.startReactions(post.id));
    await a.live();
    await b.live();
    expect((await a.reactions.toggleReaction(comment.id, '👍')).ok).toBe(true);
    expect((await b.reactions.toggleReaction(comment.id, '👍')).ok).toBe(true);
    const thumbs = (t: Tab) => t.reactions.$reactions.get().filter((r) => r.comment === comment.id && r.emoji === '👍');
    await waitFor(() => thumbs(a).length === 2 && thumbs(b).length === 2);
    expect((await a.reactions.toggleReaction(comment.id, '👍')).ok).toBe(true);
    await waitFor(() => thumbs(b).length === 1);
    expect(thumbs(b)[0]?.user).toBe(idOf(actors['other member']));
  });

  it('a reaction heard while every reaction is being read stays: the read answered before it does not undo it', async () => {
    const post = await createPost(pb, board, actors['other member']);
    const comment = await otherSays(post, 'Agreed');
    const t = await tab('member');
    // The whole read (the island starting) is answered with no reactions, then held on its way to the tab.
    const wholeRead = holdAnswers(t.client, (url, method) => method === 'GET' && url.includes('/reactions/records'));
    stops.push(t.reactions.startReactions(post.id));
    await wholeRead.answered;
    await t.live();
    await actors['other member']
      .collection('reactions')
      .create({ comment: comment.id, user: idOf(actors['other member']), emoji: '🎉' });
    await waitFor(() => t.reactions.$reactions.get().length === 1);
    wholeRead.release();
    await new Promise((wait) => setTimeout(wait, 300)); // the released answer, read whole already, is taken or not
    expect(t.reactions.$reactions.get().map((r) => r.emoji)).toEqual(['🎉']);
  });
});

describe('following and voters', () => {
  it('voting follows the idea on the server, and the Follow button says so without a reload', async () => {
    const t = await tab('member');
    const post = await createPost(pb, board, actors['other member']);
    stops.push(t.follow.startFollow(post.id, idOf(actors.member), null));
    await t.live();
    expect(t.follow.$follow.get()).toBeNull();
    expect((await t.votes.toggleVote(post.id)).ok).toBe(true);
    await waitFor(() => typeof t.follow.$follow.get() === 'string' && t.follow.$follow.get() !== 'pending');
    expect((await t.follow.toggleFollow(post.id)).ok).toBe(true);
    expect(t.follow.$follow.get()).toBeNull();
    const mine = `post = "${post.id}" && user = "${idOf(actors.member)}"`;
    expect(await pb.admin.collection('subscriptions').getFullList({ filter: mine })).toHaveLength(0);
  });

  it('loads the follow state when the page could not tell, and rolls back a refused follow', async () => {
    const t = await tab('blocked member');
    const post = await createPost(pb, board, actors['other member']);
    stops.push(t.follow.startFollow(post.id, idOf(actors['blocked member'])));
    await waitFor(() => t.follow.$follow.get() === null);
    expect((await t.follow.toggleFollow(post.id)).ok).toBe(false);
    expect(t.follow.$follow.get()).toBeNull();
    expect(t.toast.$toast.get()?.message).toBe(t.viewer.blockedMessage());
  });

  it('the voters list follows votes live', async () => {
    const t = await tab();
    const post = await createPost(pb, board, actors['other member']);
    stops.push(t.voters.startVoters(post.id, [], 0));
    await t.live();
    await actors.member.collection('votes').create({ post: post.id, user: idOf(actors.member) });
    await waitFor(() => t.voters.$voters.get()?.length === 1);
    expect(t.voters.$voters.get()?.[0]).toMatchObject({
      id: idOf(actors.member),
      name: actors.member.authStore.record?.name,
    });
    await pb.admin
      .collection('votes')
      .delete((await pb.admin.collection('votes').getFirstListItem(`post = "${post.id}"`)).id);
    await waitFor(() => t.voters.$voters.get()?.length === 0);
  });
});
