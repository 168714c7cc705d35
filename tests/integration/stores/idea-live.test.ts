// Which topic an idea's live state comes from, against a real PocketBase: a public idea's from its public
// copy (post_live), so the crowd never subscribes to `posts`; an idea on a members board from `posts`, for
// the members who see it; an idea page follows its one idea, lists and the roadmap every idea.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createComment, createPost, idOf } from '../../support/world';
import { holdAnswers, openTab, type Tab, waitFor } from './tab';

let pb: TestPocketBase;
let actors: Actors;
let publicBoard: RecordModel;
let membersBoard: RecordModel;
const tabs: Tab[] = [];
const stops: (() => void)[] = [];
const shown = { vote_count: 0, comment_count: 0, status: '', locked: false };

async function tab(as?: keyof Actors): Promise<Tab> {
  const opened = await openTab(pb.url, as ? actors[as] : undefined);
  tabs.push(opened);
  return opened;
}

/** The topics the tab's connection is subscribed to on the server, without their options. */
function topicsOf(t: Tab): string[] {
  const sent = (t.client.realtime as unknown as { lastSentSubscriptions: string[] }).lastSentSubscriptions;
  return sent
    .map((key) => key.split('?')[0] ?? '')
    .filter((topic) => topic !== 'PB_CONNECT')
    .sort();
}

const vote = (who: keyof Actors, post: RecordModel) =>
  actors[who].collection('votes').create({ post: post.id, user: idOf(actors[who]) });

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  publicBoard = await createBoard(pb, 'public');
  membersBoard = await createBoard(pb, 'members');
});
afterAll(async () => {
  for (const stop of stops) stop();
  for (const t of tabs) t.close();
  await pb?.stop();
});

describe('an idea page', () => {
  it('signed out: follows the one idea from its public copy, votes and comments arrive', async () => {
    const t = await tab();
    const post = await createPost(pb, publicBoard, actors.member);
    t.posts.trackPost(post.id, shown); // the page did not say: signed out, it can only be public
    stops.push(t.voters.startVoters(post.id, [], 0));
    stops.push(t.comments.startComments(post.id, []));
    await t.live();
    expect(topicsOf(t)).toEqual(['comments/*', `post_live/${post.id}`]);
    await vote('other member', post);
    await createComment(pb, post, actors.member);
    await waitFor(() => t.posts.$posts.get()[post.id]?.comment_count === 1);
    expect(t.posts.$posts.get()[post.id]?.vote_count).toBe(1);
    await waitFor(() => t.voters.$voters.get()?.length === 1);
  });

  it('signed in on a public idea: the public copy too, when the page says the idea is public', async () => {
    const t = await tab('member');
    const post = await createPost(pb, publicBoard, actors['other member']);
    t.posts.trackPost(post.id, shown, true);
    stops.push(t.voters.startVoters(post.id, [], 0, true));
    await t.live();
    expect(topicsOf(t)).toEqual([`post_live/${post.id}`]);
    await vote('moderator', post);
    await waitFor(() => t.posts.$posts.get()[post.id]?.vote_count === 1);
    await waitFor(() => t.voters.$voters.get()?.length === 1);
  });

  it('a member on a members-only board follows the idea from posts, and sees votes live', async () => {
    const t = await tab('member');
    const post = await createPost(pb, membersBoard, actors['other member']);
    t.posts.trackPost(post.id, shown, false);
    stops.push(t.voters.startVoters(post.id, [], 0, false));
    await t.live();
    expect(topicsOf(t)).toEqual([`posts/${post.id}`]);
    await vote('other member', post);
    await waitFor(() => t.posts.$posts.get()[post.id]?.vote_count === 1);
    await waitFor(() => t.voters.$voters.get()?.length === 1);
  });

  it('signed in, the page not saying: follows from posts (never misses a non-public idea)', async () => {
    const t = await tab('member');
    const post = await createPost(pb, membersBoard, actors['other member']);
    t.posts.trackPost(post.id, shown);
    await t.live();
    expect(topicsOf(t)).toEqual([`posts/${post.id}`]);
  });

  it('an idea that stops being public stays live for a member who still sees it', async () => {
    const t = await tab('member');
    const post = await createPost(pb, publicBoard, actors['other member']);
    t.posts.trackPost(post.id, shown, true);
    await t.live();
    await actors.moderator.collection('posts').update(post.id, { board: membersBoard.id });
    await waitFor(() => topicsOf(t).join() === `posts/${post.id}`);
    await vote('other member', post);
    await waitFor(() => t.posts.$posts.get()[post.id]?.vote_count === 1);
  });
});

describe('a page older than the idea (an edge-cached copy)', () => {
  it('shows the current counts once live, with no event after the render', async () => {
    const post = await createPost(pb, publicBoard, actors.member);
    await vote('other member', post);
    await createComment(pb, post, actors.member);
    const t = await tab();
    t.posts.trackPost(post.id, shown, true); // rendered before the vote and the comment
    await t.live();
    await waitFor(() => t.posts.$posts.get()[post.id]?.vote_count === 1);
    expect(t.posts.$posts.get()[post.id]?.comment_count).toBe(1);
  });

  it('an answer overtaken by a live event does not put the older counts back', async () => {
    const post = await createPost(pb, publicBoard, actors.member);
    const t = await tab();
    const late = holdAnswers(t.client, (url) => url.includes('/post_live/records'));
    t.posts.trackPost(post.id, shown, true);
    await late.answered; // the catch-up read says 0 votes; the tab hears it only when released
    await vote('other member', post);
    await waitFor(() => t.posts.$posts.get()[post.id]?.vote_count === 1);
    late.release();
    await new Promise((wait) => setTimeout(wait, 300)); // the released answer, read whole already, is taken or not
    expect(t.posts.$posts.get()[post.id]?.vote_count).toBe(1);
  });
});

describe('lists and the roadmap', () => {
  it('a public list follows every idea from post_live: counts and new ideas arrive', async () => {
    const t = await tab();
    const post = await createPost(pb, publicBoard, actors.member);
    t.posts.trackPost(post.id, shown, true);
    const fresh = t.posts.newIdeasOn(publicBoard.id, true);
    stops.push(fresh.listen(() => {}));
    await t.live();
    expect(topicsOf(t)).toEqual(['post_live/*']);
    await vote('other member', post);
    await createPost(pb, publicBoard, actors['other member']);
    await createPost(pb, membersBoard, actors['other member']); // not counted: not public, not this board
    await waitFor(() => t.posts.$posts.get()[post.id]?.vote_count === 1);
    await waitFor(() => fresh.get() === 1);
  });

  it('a list with members-board ideas follows posts only, which carries its public ideas too', async () => {
    const t = await tab('member');
    const open = await createPost(pb, publicBoard, actors['other member']);
    const inside = await createPost(pb, membersBoard, actors['other member']);
    t.posts.trackPost(open.id, shown, true);
    t.posts.trackPost(inside.id, shown, false);
    const fresh = t.posts.newIdeasOn('', false);
    stops.push(fresh.listen(() => {}));
    await t.live();
    expect(topicsOf(t)).toEqual(['posts/*']);
    await vote('other member', open);
    await vote('other member', inside);
    await createPost(pb, membersBoard, actors['other member']);
    await waitFor(() => t.posts.$posts.get()[inside.id]?.vote_count === 1);
    await waitFor(() => t.posts.$posts.get()[open.id]?.vote_count === 1);
    await waitFor(() => fresh.get() === 1);
  });

  /** A public idea planned, and the roadmap's Planned and In progress columns (`id`: a status's id by its slug). */
  async function plannedIdea() {
    const statuses = await pb.admin.collection('statuses').getFullList();
    const id = (slug: string) => statuses.find((s) => s.slug === slug)?.id ?? '';
    const post = await createPost(pb, publicBoard, actors.member, { status: id('planned') });
    const columns = [
      { id: id('planned'), name: 'Planned', slug: 'planned' },
      { id: id('in-progress'), name: 'In progress', slug: 'in-progress' },
    ];
    return { id, post, columns };
  }

  it('the roadmap of public boards follows post_live and moves a card live', async () => {
    const t = await tab();
    const { id, post, columns } = await plannedIdea();
    stops.push(t.roadmap.followRoadmap(columns, [], true));
    await t.live();
    expect(topicsOf(t)).toEqual(['post_live/*']);
    await actors.moderator.collection('posts').update(post.id, { status: id('in-progress') });
    await waitFor(() => t.roadmap.$roadmapCards.get()?.some((c) => c.id === post.id) ?? false);
    expect(t.roadmap.$roadmapCards.get()?.find((c) => c.id === post.id)).toMatchObject({
      status: id('in-progress'),
      board: publicBoard.id,
    });
  });

  it('a card moved live while the whole roadmap is read again stays moved: the read answered before it does not undo it', async () => {
    const t = await tab();
    const { id, post, columns } = await plannedIdea();
    const statusOf = () => t.roadmap.$roadmapCards.get()?.find((c) => c.id === post.id)?.status;
    // The whole read (the island starting on a roadmap gone stale) is answered, then held on its way to the tab.
    const wholeRead = holdAnswers(t.client, (url, method) => method === 'GET' && url.includes('/posts/records'));
    t.roadmap.markRoadmapStale();
    stops.push(t.roadmap.followRoadmap(columns, [], true));
    await wholeRead.answered;
    await t.live();
    await actors.moderator.collection('posts').update(post.id, { status: id('in-progress') });
    await waitFor(() => statusOf() === id('in-progress'));
    wholeRead.release();
    await new Promise((wait) => setTimeout(wait, 300)); // the released answer, read whole already, is taken or not
    expect(statusOf()).toBe(id('in-progress'));
  });
});
