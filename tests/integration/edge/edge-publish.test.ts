// The access matrix extended to the edge: for each write, which changes PocketBase publishes to the site's Worker
// (which fans them out to every visitor's socket), and that nothing a signed-out visitor may not read is ever among them.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../../src/lib/live/protocol';
import { edgeSentinel, type FakeWorker, startFakeWorker } from '../../support/edge-worker';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createComment, createPost, idOf } from '../../support/world';

/** The fields of an idea's live copy, all a visitor may read of it (no body, no author). */
const LIVE_FIELDS = [
  'board',
  'collectionName',
  'comment_count',
  'created',
  'id',
  'locked',
  'merged_into',
  'status',
  'title',
  'updated',
  'vote_count',
];

let worker: FakeWorker;
let pb: TestPocketBase;
let actors: Actors;
let publicBoard: RecordModel;
let membersBoard: RecordModel;
let staffBoard: RecordModel;
let sentinel: Awaited<ReturnType<typeof edgeSentinel>>;
/** Text only staff (or nobody signed out) may read, each written once, never to be seen at the edge. */
const secrets: string[] = [];
/** Text that was public until a moment (a call index): never to be seen at the edge after it. */
const secretsFrom: { text: string; from: number }[] = [];
const secret = (what: string) => {
  const text = `${what} ${Math.random().toString(36).slice(2, 10)}`;
  secrets.push(text);
  return text;
};

beforeAll(async () => {
  worker = await startFakeWorker();
  pb = await startTestPocketBase({ env: { EDGE_URL: worker.url, EDGE_PURGE_SECRET: 'edge-secret-for-tests' } });
  actors = await createActors(pb);
  [publicBoard, membersBoard, staffBoard] = await Promise.all([
    createBoard(pb, 'public'),
    createBoard(pb, 'members'),
    createBoard(pb, 'staff'),
  ]);
  sentinel = await edgeSentinel(pb, worker, await createBoard(pb, 'public'), actors.admin);
  await sentinel.settle();
});
afterAll(async () => {
  await pb?.stop();
  await worker?.close();
});

/** The changes a write published, once everything it queued has reached the fake Worker. */
async function publishedBy(write: () => Promise<unknown>): Promise<Change[]> {
  await sentinel.settle(); // what the test arranged before goes out first
  const from = worker.calls.length;
  await write();
  await sentinel.settle();
  return worker.calls
    .slice(from)
    .flatMap((call) => call.changes)
    .filter((change) => !sentinel.isSentinelChange(change));
}

const only = (changes: Change[], collection: Change['collection']) =>
  changes.filter((change) => change.collection === collection);

describe('ideas', () => {
  it("a public idea's creation publishes its live copy with only its public fields", async () => {
    let post: RecordModel | undefined;
    const changes = await publishedBy(async () => {
      post = await createPost(pb, publicBoard, actors.member, { title: 'Dark mode', body: secret('Idea body') });
    });
    expect(changes).toEqual([
      {
        seq: expect.any(Number),
        collection: 'post_live',
        action: 'create',
        record: expect.objectContaining({ id: post?.id, title: 'Dark mode', board: publicBoard.id, vote_count: 0 }),
      },
    ]);
    expect(Object.keys(changes[0]?.record ?? {}).sort()).toEqual(LIVE_FIELDS);
  });

  it('a vote on a public idea publishes its new count, only its public fields', async () => {
    const post = await createPost(pb, publicBoard, actors.member);
    const changes = await publishedBy(() =>
      actors['other member'].collection('votes').create({ post: post.id, user: idOf(actors['other member']) }),
    );
    expect(changes).toEqual([
      expect.objectContaining({
        collection: 'post_live',
        action: 'update',
        record: expect.objectContaining({ id: post.id, vote_count: 1 }),
      }),
    ]);
    expect(Object.keys(changes[0]?.record ?? {}).sort()).toEqual(LIVE_FIELDS);
  });

  it('an edit of a public idea publishes its new title', async () => {
    const post = await createPost(pb, publicBoard, actors.member);
    const changes = await publishedBy(() =>
      actors.member.collection('posts').update(post.id, { title: 'Dark mode, everywhere' }),
    );
    expect(changes).toEqual([
      expect.objectContaining({
        collection: 'post_live',
        action: 'update',
        record: expect.objectContaining({ id: post.id, title: 'Dark mode, everywhere' }),
      }),
    ]);
  });

  it('votes made while the Worker is busy go out as one change of the idea, with its latest count', async () => {
    const post = await createPost(pb, publicBoard, actors.member);
    const voters = [actors.member, actors['other member'], actors.moderator, actors.admin];
    const changes = await publishedBy(async () => {
      worker.answer(200, 1000); // the first vote's call is held: the next three wait in one batch
      for (const voter of voters) await voter.collection('votes').create({ post: post.id, user: idOf(voter) });
      worker.answer(200);
    });
    expect(changes.at(-1)?.record.vote_count).toBe(4);
    expect(changes.length).toBeLessThan(voters.length);
  });

  it('an idea on a members-only board, on a staff board, or not yet approved publishes nothing', async () => {
    for (const [board, fields] of [
      [membersBoard, {}],
      [staffBoard, {}],
      [publicBoard, { approved: false }],
    ] as const) {
      const changes = await publishedBy(() =>
        createPost(pb, board, actors.member, { title: secret('Private idea title'), ...fields }),
      );
      expect(changes, board.slug).toEqual([]);
    }
  });

  it('approving a public idea publishes its creation', async () => {
    const post = await createPost(pb, publicBoard, actors.member, { approved: false });
    const changes = await publishedBy(() => actors.moderator.collection('posts').update(post.id, { approved: true }));
    expect(changes).toEqual([
      expect.objectContaining({
        collection: 'post_live',
        action: 'create',
        record: expect.objectContaining({ id: post.id }),
      }),
    ]);
  });

  it('moving a public idea to a members board publishes a delete with its id only', async () => {
    const post = await createPost(pb, publicBoard, actors.member, { title: 'Moving soon' });
    const changes = await publishedBy(() => pb.admin.collection('posts').update(post.id, { board: membersBoard.id }));
    expect(changes).toEqual([
      { seq: expect.any(Number), collection: 'post_live', action: 'delete', record: { id: post.id } },
    ]);
    // From then on its title is for members only.
    secretsFrom.push({ text: 'Moving soon', from: worker.calls.length });
    const later = await publishedBy(() =>
      pb.admin.collection('posts').update(post.id, { title: secret('Members title') }),
    );
    expect(later).toEqual([]);
  });
});

describe('comments and reactions', () => {
  let idea: RecordModel;
  beforeAll(async () => {
    idea = await createPost(pb, publicBoard, actors.member);
  });

  it('a public comment publishes its creation, with its idea', async () => {
    let comment: RecordModel | undefined;
    const changes = await publishedBy(async () => {
      comment = await createComment(pb, idea, actors['other member'], { body: 'Yes please' });
    });
    expect(only(changes, 'comments')).toEqual([
      {
        seq: expect.any(Number),
        collection: 'comments',
        action: 'create',
        post: idea.id,
        record: expect.objectContaining({ id: comment?.id, body: 'Yes please', post: idea.id }),
      },
    ]);
    // And the idea's new comment count.
    expect(only(changes, 'post_live')).toEqual([
      expect.objectContaining({ action: 'update', record: expect.objectContaining({ id: idea.id }) }),
    ]);
  });

  it('an internal comment publishes nothing', async () => {
    const changes = await publishedBy(() =>
      createComment(pb, idea, actors.moderator, { internal: true, body: secret('Internal note') }),
    );
    expect(changes).toEqual([]);
  });

  it('hiding a comment publishes a delete with its id only; unhiding publishes it again', async () => {
    const comment = await createComment(pb, idea, actors['other member'], { body: 'Rude words' });
    const hidden = await publishedBy(() =>
      actors.moderator.collection('comments').update(comment.id, { hidden: true }),
    );
    expect(only(hidden, 'comments')).toEqual([
      { seq: expect.any(Number), collection: 'comments', action: 'delete', post: idea.id, record: { id: comment.id } },
    ]);
    const from = worker.calls.length;
    const edited = await publishedBy(() =>
      pb.admin.collection('comments').update(comment.id, { body: 'Kinder words' }),
    );
    expect(edited).toEqual([]);
    const until = worker.calls.length;
    const shown = await publishedBy(() =>
      actors.moderator.collection('comments').update(comment.id, { hidden: false }),
    );
    expect(only(shown, 'comments')).toEqual([
      expect.objectContaining({
        action: 'create',
        post: idea.id,
        record: expect.objectContaining({ id: comment.id, body: 'Kinder words' }),
      }),
    ]);
    const whileHidden = worker.calls.slice(from, until);
    expect(JSON.stringify(whileHidden)).not.toContain('Kinder words');
  });

  it('a hidden comment stays off the edge, whatever is written to it', async () => {
    const comment = await createComment(pb, idea, actors['other member'], { body: 'Spam link' });
    await publishedBy(() => actors.moderator.collection('comments').update(comment.id, { hidden: true }));
    secretsFrom.push({ text: 'Spam link', from: worker.calls.length });
    const changes = await publishedBy(() =>
      pb.admin.collection('comments').update(comment.id, { body: secret('Hidden comment body') }),
    );
    expect(changes).toEqual([]);
  });

  it('a comment on a members-board idea publishes nothing', async () => {
    const members = await createPost(pb, membersBoard, actors.member, { title: secret('Members idea title') });
    const changes = await publishedBy(() =>
      createComment(pb, members, actors['other member'], { body: secret('Members comment') }),
    );
    expect(changes).toEqual([]);
  });

  it('a reaction on a public comment publishes its creation, with its idea; on an internal comment, nothing', async () => {
    const comment = await createComment(pb, idea, actors.member);
    let reaction: RecordModel | undefined;
    const changes = await publishedBy(async () => {
      reaction = await actors['other member']
        .collection('reactions')
        .create({ comment: comment.id, user: idOf(actors['other member']), emoji: '👍' });
    });
    expect(changes).toEqual([
      {
        seq: expect.any(Number),
        collection: 'reactions',
        action: 'create',
        post: idea.id,
        record: expect.objectContaining({ id: reaction?.id, comment: comment.id, emoji: '👍' }),
      },
    ]);
    const internal = await createComment(pb, idea, actors.moderator, { internal: true, body: secret('Staff only') });
    const onInternal = await publishedBy(() =>
      actors.admin.collection('reactions').create({ comment: internal.id, user: idOf(actors.admin), emoji: '👀' }),
    );
    expect(onInternal).toEqual([]);
  });
});

describe('changelog', () => {
  it('a draft entry publishes nothing; publishing it publishes its creation; unpublishing it, a delete', async () => {
    let entry: RecordModel | undefined;
    const draft = await publishedBy(async () => {
      entry = await pb.admin
        .collection('changelog_entries')
        .create({ title: 'Dark mode is here', slug: `dark-${Date.now()}`, state: 'draft' });
    });
    expect(draft).toEqual([]);
    const id = entry?.id ?? '';
    const published = await publishedBy(() =>
      pb.admin.collection('changelog_entries').update(id, { state: 'published' }),
    );
    expect(published).toEqual([
      expect.objectContaining({
        collection: 'changelog_entries',
        action: 'create',
        record: expect.objectContaining({ id, title: 'Dark mode is here', state: 'published' }),
      }),
    ]);
    const unpublished = await publishedBy(() =>
      pb.admin.collection('changelog_entries').update(id, { state: 'draft' }),
    );
    expect(unpublished).toEqual([
      { seq: expect.any(Number), collection: 'changelog_entries', action: 'delete', record: { id } },
    ]);
  });

  it('a draft entry stays off the edge', async () => {
    const changes = await publishedBy(() =>
      pb.admin
        .collection('changelog_entries')
        .create({ title: secret('Draft entry title'), slug: `draft-${Date.now()}`, state: 'draft' }),
    );
    expect(changes).toEqual([]);
  });
});

describe('everything the edge was sent', () => {
  it('never holds the text of a private record', () => {
    expect(secrets.length).toBeGreaterThanOrEqual(8);
    const sent = JSON.stringify(worker.calls.flatMap((call) => call.changes));
    for (const text of secrets) expect(sent, text).not.toContain(text);
    for (const { text, from } of secretsFrom) {
      expect(JSON.stringify(worker.calls.slice(from).flatMap((call) => call.changes)), text).not.toContain(text);
    }
  });

  it('never carries an email field', () => {
    const keys: string[] = [];
    JSON.stringify(worker.calls, (key, value) => {
      keys.push(key);
      return value;
    });
    expect(keys.filter((key) => /email/i.test(key))).toEqual([]);
  });

  it('numbers changes in order, and names each idea at most once per batch', () => {
    const seqs = worker.calls.flatMap((call) => call.changes.map((change) => change.seq));
    expect(seqs.length).toBeGreaterThan(20);
    for (let i = 1; i < seqs.length; i++) expect(seqs[i], `change ${i}`).toBeGreaterThan(seqs[i - 1] ?? 0);
    for (const call of worker.calls) {
      const ideas = call.changes
        .filter((change) => change.collection === 'post_live')
        .map((change) => change.record.id);
      expect(ideas).toEqual([...new Set(ideas)]);
    }
  });
});
