// PocketBase tells the site's Worker which cached pages a committed write changed: the exact tags, with
// the shared secret, and a failed purge never fails the write.
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { blackPng } from '../support/images';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { type Actors, createActors, createBoard, createComment, createPost, freshActor, idOf } from '../support/world';

interface PurgeCall {
  authorization: string | undefined;
  tags: string[];
}

const SECRET = 'edge-secret-for-tests';
let calls: PurgeCall[] = [];
/** What the fake Worker answers: 200, or another status to see the write survive a refusal. */
let answer = 200;
let worker: Server;
let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;

beforeAll(async () => {
  worker = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => {
      body += chunk;
    });
    req.on('end', () => {
      if (req.url === '/edge-cache/purge' && req.method === 'POST') {
        calls.push({ authorization: req.headers.authorization, tags: JSON.parse(body).tags });
      }
      res.writeHead(answer).end('{}');
    });
  });
  await new Promise<void>((resolve) => worker.listen(0, '127.0.0.1', resolve));
  const { port } = worker.address() as AddressInfo;
  pb = await startTestPocketBase({
    env: { EDGE_PURGE_URL: `http://127.0.0.1:${port}/edge-cache/purge`, EDGE_PURGE_SECRET: SECRET },
  });
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
});
afterAll(async () => {
  await pb?.stop();
  worker?.close();
});
beforeEach(() => {
  calls = [];
  answer = 200;
});

const allTags = () => [...new Set(calls.flatMap((call) => call.tags))].sort();

describe('purges after writes', () => {
  it('presents the shared secret', async () => {
    await createPost(pb, board, actors.member);
    expect(calls.length).toBeGreaterThan(0);
    expect(calls.every((call) => call.authorization === `Bearer ${SECRET}`)).toBe(true);
  });

  it('a new idea purges its page and its board lists', async () => {
    const post = await createPost(pb, board, actors.member);
    expect(allTags()).toEqual([`board:${board.id}`, `post:${post.id}`].sort());
  });

  it('a vote purges the idea and its board (the recounted post is saved)', async () => {
    const post = await createPost(pb, board, actors.member);
    calls = [];
    await actors['other member'].collection('votes').create({ post: post.id, user: idOf(actors['other member']) });
    expect(allTags()).toEqual([`board:${board.id}`, `post:${post.id}`].sort());
  });

  it('a comment purges its idea', async () => {
    const post = await createPost(pb, board, actors.member);
    calls = [];
    await actors['other member']
      .collection('comments')
      .create({ post: post.id, author: idOf(actors['other member']), body: 'Yes please' });
    expect(allTags()).toContain(`post:${post.id}`);
    expect(allTags().every((tag) => tag === `post:${post.id}` || tag === `board:${board.id}`)).toBe(true);
  });

  it('moving an idea purges both boards', async () => {
    const post = await createPost(pb, board, actors.member);
    const other = await createBoard(pb, 'public');
    calls = [];
    await pb.admin.collection('posts').update(post.id, { board: other.id });
    expect(allTags()).toEqual([`board:${board.id}`, `board:${other.id}`, `post:${post.id}`].sort());
  });

  it('a board, the site record or a status purges every page (the shell)', async () => {
    const fresh = await createBoard(pb, 'public');
    expect(allTags()).toEqual([`board:${fresh.id}`, 'site'].sort());
    calls = [];
    const site = await pb.admin.collection('site').getFirstListItem('');
    await pb.admin.collection('site').update(site.id, { tagline: 'Faster now' });
    expect(allTags()).toEqual(['site']);
  });

  it('a changelog entry purges the changelog and the ideas it ships', async () => {
    const post = await createPost(pb, board, actors.member);
    calls = [];
    await pb.admin.collection('changelog_entries').create({
      title: 'Shipped',
      slug: `shipped-${Date.now()}`,
      state: 'draft',
      posts: [post.id],
    });
    expect(allTags()).toEqual(['changelog', `post:${post.id}`]);
  });

  it('a vote on an idea a changelog entry ships also purges the changelog', async () => {
    const post = await createPost(pb, board, actors.member);
    await pb.admin
      .collection('changelog_entries')
      .create({ title: 'Shipped', slug: `vote-${Date.now()}`, state: 'draft', posts: [post.id] });
    calls = [];
    await actors['other member'].collection('votes').create({ post: post.id, user: idOf(actors['other member']) });
    expect(allTags()).toEqual([`board:${board.id}`, 'changelog', `post:${post.id}`].sort());
  });

  it("a member's new name or avatar purges their ideas, their boards' lists and the ideas they commented on", async () => {
    const author = await freshActor(pb, 'member');
    const other = await createBoard(pb, 'public');
    const theirs = await createPost(pb, board, author);
    const commented = await createPost(pb, other, actors['other member']);
    await createComment(pb, commented, author);
    const unrelated = await createPost(pb, other, actors['other member']);
    calls = [];
    await author.collection('users').update(idOf(author), { name: 'Renamed Author' });
    expect(allTags()).toEqual([`board:${board.id}`, `post:${commented.id}`, `post:${theirs.id}`].sort());
    expect(allTags()).not.toContain(`post:${unrelated.id}`);
    calls = [];
    const avatar = new File([new Uint8Array(blackPng(8, 8))], 'me.png', { type: 'image/png' });
    await author.collection('users').update(idOf(author), { avatar });
    expect(allTags()).toEqual([`board:${board.id}`, `post:${commented.id}`, `post:${theirs.id}`].sort());
  });

  it('a profile change that leaves name and avatar alone purges nothing', async () => {
    const author = await freshActor(pb, 'member');
    await createPost(pb, board, author);
    calls = [];
    await author.collection('users').update(idOf(author), { name: author.authStore.record?.['name'] });
    expect(calls).toEqual([]);
  });

  it('a member shown on more pages than one purge may name purges exactly those, 100 tags per call, never every page', async () => {
    const author = await freshActor(pb, 'member');
    const posts = await Promise.all(Array.from({ length: 150 }, () => createPost(pb, board, author)));
    calls = [];
    await author.collection('users').update(idOf(author), { name: 'Prolific Author' });
    expect(allTags()).toEqual([`board:${board.id}`, ...posts.map((post) => `post:${post.id}`)].sort());
    expect(calls.map((call) => call.tags.length)).toEqual([100, 51]);
  });

  it('a read purges nothing', async () => {
    await actors.member.collection('posts').getList(1, 5);
    expect(calls).toEqual([]);
  });
});

describe('a failed purge never fails the write', () => {
  it('when the Worker refuses', async () => {
    answer = 401;
    const post = await createPost(pb, board, actors.member);
    expect(post.id).toHaveLength(15);
    expect(calls.length).toBeGreaterThan(0);
  });

  it('when the Worker cannot be reached', async () => {
    await new Promise<void>((resolve) => worker.close(() => resolve()));
    worker.closeAllConnections();
    const post = await createPost(pb, board, actors.member);
    const comment = await actors['other member']
      .collection('comments')
      .create({ post: post.id, author: idOf(actors['other member']), body: 'Still saved' });
    expect(comment['body']).toBe('Still saved');
    expect(calls).toEqual([]);
  });
});
