// Only confirmed people count, at the edge (issue 42): a held vote or reaction publishes nothing to the site's
// Worker (which fans changes out to every visitor); confirming the email publishes the new count and the reaction.
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Change } from '../../../src/lib/live/protocol';
import { edgeSentinel, type FakeWorker, startFakeWorker } from '../../support/edge-worker';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createComment, createPost, idOf } from '../../support/world';

let worker: FakeWorker;
let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
let sentinel: Awaited<ReturnType<typeof edgeSentinel>>;
beforeAll(async () => {
  worker = await startFakeWorker();
  pb = await startTestPocketBase({ env: { EDGE_URL: worker.url, EDGE_PURGE_SECRET: 'edge-secret-for-tests' } });
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  sentinel = await edgeSentinel(pb, worker, await createBoard(pb, 'public'), actors.admin);
  await sentinel.settle();
});
afterAll(async () => {
  await pb?.stop();
  await worker?.close();
});

async function publishedBy(write: () => Promise<unknown>): Promise<Change[]> {
  await sentinel.settle();
  const from = worker.calls.length;
  await write();
  await sentinel.settle();
  return worker.calls
    .slice(from)
    .flatMap((call) => call.changes)
    .filter((change) => !sentinel.isSentinelChange(change));
}

describe('a throwaway account', () => {
  it('votes and reacts: nothing goes out; it confirms its email: the new count and the reaction go out', async () => {
    const post = await createPost(pb, board, actors.member);
    const comment = await createComment(pb, post, actors.member);
    const stuffer = await pb.actor('member', { verified: false });
    const held = await publishedBy(async () => {
      await stuffer.collection('votes').create({ post: post.id, user: idOf(stuffer) });
      await stuffer.collection('reactions').create({ comment: comment.id, user: idOf(stuffer), emoji: '🎉' });
    });
    expect(held).toEqual([]);
    const confirmed = await publishedBy(() => pb.admin.collection('users').update(idOf(stuffer), { verified: true }));
    expect(confirmed).toEqual(
      expect.arrayContaining([
        expect.objectContaining({
          collection: 'post_live',
          record: expect.objectContaining({ id: post.id, vote_count: 1 }),
        }),
        expect.objectContaining({
          collection: 'reactions',
          action: 'create',
          record: expect.objectContaining({ comment: comment.id, emoji: '🎉' }),
        }),
      ]),
    );
  });
});
