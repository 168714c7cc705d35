// Realtime: a member receives their own notifications live and nobody else's; status changes reach
// everyone who may read the idea as posts and status_events updates.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { listenRealtime, type RealtimeListener } from '../../support/realtime';
import { type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
});
afterAll(() => pb?.stop());

const settle = () => new Promise((resolve) => setTimeout(resolve, 500));

describe('live notifications', () => {
  it('reach only their owner; the status change reaches visitors as post and timeline events', async () => {
    const board = await createBoard(pb, 'public');
    const idea = await createPost(pb, board, actors.member);
    await actors['other member'].collection('votes').create({ post: idea.id, user: idOf(actors['other member']) });
    const listeners: Record<string, RealtimeListener> = {};
    for (const name of ['member', 'other member', 'moderator', 'visitor'] as const) {
      listeners[name] = await listenRealtime(actors[name], ['notifications', 'status_events', `posts/${idea.id}`]);
    }
    try {
      const planned = await pb.admin.collection('statuses').getFirstListItem('slug = "planned"');
      await actors.moderator.collection('posts').update(idea.id, { status: planned.id });
      await settle();
      const of = (name: string, topic: string) => (listeners[name]?.events ?? []).filter((e) => e.topic === topic);
      expect(of('member', 'notifications').map((e) => e.record.user)).toEqual([idOf(actors.member)]);
      expect(of('other member', 'notifications').map((e) => e.record.user)).toEqual([idOf(actors['other member'])]);
      expect(of('moderator', 'notifications')).toEqual([]);
      expect(of('visitor', 'notifications')).toEqual([]);
      for (const name of ['member', 'visitor']) {
        expect(of(name, 'status_events').map((e) => e.record.to)).toEqual([planned.id]);
        expect(of(name, `posts/${idea.id}`).some((e) => e.record.status === planned.id)).toBe(true);
      }
    } finally {
      for (const listener of Object.values(listeners)) listener.close();
    }
  });
});
