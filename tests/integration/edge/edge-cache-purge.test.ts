// PocketBase tells the site's Worker which cached pages a committed write changed, after the write answers: the
// exact tags in POST /edge/publish with the shared secret; counts purge nothing; a failed call never fails the write
// and what it carried is sent later.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { edgeSentinel, type FakeWorker, type PublishCall, startFakeWorker } from '../../support/edge-worker';
import { blackPng } from '../../support/images';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  type Actors,
  createActors,
  createBoard,
  createComment,
  createPost,
  freshActor,
  idOf,
} from '../../support/world';

const SECRET = 'edge-secret-for-tests';
/** How long PocketBase's writes stop waking the publisher after a failed call (platform/edge/edge-publish.js). */
const RETRY_AFTER_MS = 5000;
let worker: FakeWorker;
let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
let sentinel: Awaited<ReturnType<typeof edgeSentinel>>;

beforeAll(async () => {
  worker = await startFakeWorker();
  pb = await startTestPocketBase({ env: { EDGE_URL: worker.url, EDGE_PURGE_SECRET: SECRET } });
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  sentinel = await edgeSentinel(pb, worker, await createBoard(pb, 'public'), actors.admin);
});
afterAll(async () => {
  await pb?.stop();
  await worker?.close();
});
beforeEach(async () => {
  worker.answer(200);
  await sentinel.settle();
  worker.reset();
});

/** The tags every write so far sent, once everything queued has arrived (the sentinel's own left out). */
async function tagsSent(): Promise<string[]> {
  await sentinel.settle();
  return worker.tags().filter((tag) => !sentinel.isSentinelTag(tag));
}

async function changesSent() {
  await sentinel.settle();
  return worker.changes().filter((change) => !sentinel.isSentinelChange(change));
}

describe('purges after writes', () => {
  it('presents the shared secret', async () => {
    await createPost(pb, board, actors.member);
    await tagsSent();
    expect(worker.calls.length).toBeGreaterThan(0);
    expect(worker.calls.every((call) => call.authorization === `Bearer ${SECRET}`)).toBe(true);
    expect(worker.stray).toEqual([]);
  });

  it('a new idea purges its page and its board lists', async () => {
    const post = await createPost(pb, board, actors.member);
    expect(await tagsSent()).toEqual([`board:${board.id}`, `post:${post.id}`].sort());
  });

  it("a vote purges nothing: not the idea's page, not its boards (the count reaches open pages live)", async () => {
    const post = await createPost(pb, board, actors.member);
    await tagsSent();
    worker.reset();
    await actors['other member'].collection('votes').create({ post: post.id, user: idOf(actors['other member']) });
    expect(await tagsSent()).toEqual([]);
    // The recount did go out, as the idea's live copy.
    expect(await changesSent()).toEqual([
      expect.objectContaining({
        collection: 'post_live',
        action: 'update',
        record: expect.objectContaining({ id: post.id, vote_count: 1 }),
      }),
    ]);
  });

  it("a comment purges its idea's page (its text), not its boards for the recount", async () => {
    const post = await createPost(pb, board, actors.member);
    await tagsSent();
    worker.reset();
    await actors['other member']
      .collection('comments')
      .create({ post: post.id, author: idOf(actors['other member']), body: 'Yes please' });
    expect(await tagsSent()).toEqual([`post:${post.id}`]);
    expect((await changesSent()).map((change) => change.collection).sort()).toEqual(['comments', 'post_live']);
  });

  it('a reaction purges nothing', async () => {
    const post = await createPost(pb, board, actors.member);
    const comment = await createComment(pb, post, actors.member);
    await tagsSent();
    worker.reset();
    await actors['other member']
      .collection('reactions')
      .create({ comment: comment.id, user: idOf(actors['other member']), emoji: '👍' });
    expect(await tagsSent()).toEqual([]);
    expect((await changesSent()).map((change) => change.collection)).toEqual(['reactions']);
  });

  it('moving an idea purges both boards', async () => {
    const post = await createPost(pb, board, actors.member);
    const other = await createBoard(pb, 'public');
    await tagsSent();
    worker.reset();
    await pb.admin.collection('posts').update(post.id, { board: other.id });
    expect(await tagsSent()).toEqual([`board:${board.id}`, `board:${other.id}`, `post:${post.id}`].sort());
  });

  it('a board, the site record or a status purges every page (the shell)', async () => {
    const fresh = await createBoard(pb, 'public');
    expect(await tagsSent()).toEqual([`board:${fresh.id}`, 'site'].sort());
    worker.reset();
    const site = await pb.admin.collection('site').getFirstListItem('');
    await pb.admin.collection('site').update(site.id, { tagline: 'Faster now' });
    expect(await tagsSent()).toEqual(['site']);
  });

  it("a board's custom field purges every page (its ideas show its label), like the shell", async () => {
    const field = await pb.admin
      .collection('custom_fields')
      .create({ board: board.id, key: 'purged', label: 'Purged', type: 'text', public: true });
    expect(await tagsSent()).toEqual(['site']);
    worker.reset();
    await pb.admin.collection('custom_fields').update(field.id, { label: 'Renamed' });
    expect(await tagsSent()).toEqual(['site']);
    worker.reset();
    await pb.admin.collection('custom_fields').delete(field.id);
    expect(await tagsSent()).toEqual(['site']);
  });

  it('a changelog entry purges the changelog and the ideas it ships', async () => {
    const post = await createPost(pb, board, actors.member);
    await tagsSent();
    worker.reset();
    await pb.admin.collection('changelog_entries').create({
      title: 'Shipped',
      slug: `shipped-${Date.now()}`,
      state: 'draft',
      posts: [post.id],
    });
    expect(await tagsSent()).toEqual(['changelog', `post:${post.id}`]);
  });

  it('a vote on an idea a changelog entry ships purges nothing either (the changelog is not purged for counts)', async () => {
    const post = await createPost(pb, board, actors.member);
    await pb.admin
      .collection('changelog_entries')
      .create({ title: 'Shipped', slug: `vote-${Date.now()}`, state: 'draft', posts: [post.id] });
    await tagsSent();
    worker.reset();
    await actors['other member'].collection('votes').create({ post: post.id, user: idOf(actors['other member']) });
    expect(await tagsSent()).toEqual([]);
  });

  it("a member's new name or avatar purges their ideas, their boards' lists and the ideas they commented on", async () => {
    const author = await freshActor(pb, 'member');
    const other = await createBoard(pb, 'public');
    const theirs = await createPost(pb, board, author);
    const commented = await createPost(pb, other, actors['other member']);
    await createComment(pb, commented, author);
    const unrelated = await createPost(pb, other, actors['other member']);
    await tagsSent();
    worker.reset();
    await author.collection('users').update(idOf(author), { name: 'Renamed Author' });
    const expected = [`board:${board.id}`, `post:${commented.id}`, `post:${theirs.id}`].sort();
    expect(await tagsSent()).toEqual(expected);
    expect(await tagsSent()).not.toContain(`post:${unrelated.id}`);
    worker.reset();
    const avatar = new File([new Uint8Array(blackPng(8, 8))], 'me.png', { type: 'image/png' });
    await author.collection('users').update(idOf(author), { avatar });
    expect(await tagsSent()).toEqual(expected);
  });

  it('a profile change that leaves name and avatar alone purges nothing', async () => {
    const author = await freshActor(pb, 'member');
    await createPost(pb, board, author);
    await tagsSent();
    worker.reset();
    await author.collection('users').update(idOf(author), { name: author.authStore.record?.name });
    expect(await tagsSent()).toEqual([]);
  });

  it('a member shown on more pages than one purge may name purges exactly those, 100 tags per call, never every page', async () => {
    const author = await freshActor(pb, 'member');
    const posts = await Promise.all(Array.from({ length: 150 }, () => createPost(pb, board, author)));
    await tagsSent();
    worker.reset();
    await author.collection('users').update(idOf(author), { name: 'Prolific Author' });
    expect(await tagsSent()).toEqual([`board:${board.id}`, ...posts.map((post) => `post:${post.id}`)].sort());
    const perCall = worker.calls
      .map((call) => call.tags.filter((tag) => !sentinel.isSentinelTag(tag)).length)
      .filter((count) => count > 0);
    expect(perCall).toEqual([100, 51]);
  }, 60_000);

  it('a read purges nothing', async () => {
    await actors.member.collection('posts').getList(1, 5);
    expect(await tagsSent()).toEqual([]);
  });

  it('a write answers before the Worker does', async () => {
    worker.answer(200, 3000);
    const started = performance.now();
    const post = await createPost(pb, board, actors.member);
    const took = performance.now() - started;
    expect(took).toBeLessThan(1000);
    await expect.poll(() => worker.tags(), { timeout: 5000 }).toContain(`post:${post.id}`);
    const call = worker.calls.find((each) => each.tags.includes(`post:${post.id}`));
    expect(call?.answeredAt).toBe(0);
    await expect.poll(() => call?.answeredAt, { timeout: 5000 }).toBeGreaterThan(0);
  });
});

describe('a failed call never fails the write, and what it carried goes out later', () => {
  it('when the Worker refuses (not retried: it would refuse again)', async () => {
    worker.answer(401);
    const post = await createPost(pb, board, actors.member);
    expect(post.id).toHaveLength(15);
    await expect.poll(() => worker.tags(), { timeout: 5000 }).toContain(`post:${post.id}`);
    expect(worker.calls.every((call) => call.status === 401)).toBe(true);
  });

  it('when the Worker is unavailable (503): the next write after it is back sends both', async () => {
    worker.answer(503);
    const first = await createPost(pb, board, actors.member);
    // The first of its changes or tags to go out is refused (the rest wait, as the Worker is failing).
    const mentionsFirst = (call: PublishCall) =>
      call.tags.includes(`post:${first.id}`) || call.changes.some((change) => change.record.id === first.id);
    await expect
      .poll(() => worker.calls.filter(mentionsFirst).map((call) => call.status), { timeout: 5000 })
      .toContain(503);
    const failedAt = Date.now();
    worker.answer(200);
    await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS - (Date.now() - failedAt) + 1000));
    const second = await createPost(pb, board, actors.member);
    const delivered = () => worker.calls.filter((call) => call.status === 200).flatMap((call) => call.tags);
    await expect
      .poll(delivered, { timeout: 5000 })
      .toEqual(expect.arrayContaining([`post:${first.id}`, `post:${second.id}`]));
    const changes = worker.calls.filter((call) => call.status === 200).flatMap((call) => call.changes);
    expect(changes.map((change) => change.record.id)).toEqual(expect.arrayContaining([first.id, second.id]));
  }, 20_000);

  it('when the Worker cannot be reached: the write is saved, and the next write after it is back sends both', async () => {
    await worker.close();
    const post = await createPost(pb, board, actors.member);
    const failedAt = Date.now();
    const comment = await actors['other member']
      .collection('comments')
      .create({ post: post.id, author: idOf(actors['other member']), body: 'Still saved' });
    expect(comment.body).toBe('Still saved');
    await new Promise((resolve) => setTimeout(resolve, 1000));
    await worker.reopen();
    await new Promise((resolve) => setTimeout(resolve, RETRY_AFTER_MS - (Date.now() - failedAt) + 1000));
    const second = await createPost(pb, board, actors.member);
    await expect
      .poll(() => worker.tags(), { timeout: 5000 })
      .toEqual(expect.arrayContaining([`board:${board.id}`, `post:${post.id}`, `post:${second.id}`]));
    expect(worker.changes().map((change) => change.record.id)).toEqual(
      expect.arrayContaining([post.id, comment.id, second.id]),
    );
  }, 20_000);
});
