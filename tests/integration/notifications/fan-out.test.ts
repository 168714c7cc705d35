// A write that notifies a crowd (issue 35): a comment on an idea 20,000 people follow notifies each of them
// exactly once, after the request, in pages (pb_hooks/notifications/fanout.js); the next comment joins
// their unread one; a follower's open tab hears it live; and a PocketBase stopped in the middle of the pages
// finishes them after a restart, nobody notified twice. The crowd is written straight into data.db
// (tools/lib/bench/crowd.mjs).
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addCrowd } from '../../../tools/lib/bench/crowd.mjs';
import { startPocketBase, stopProcess } from '../../../tools/lib/pocketbase-server.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { listenRealtime } from '../../support/realtime';
import { type Actors, createActors, createBoard, createPost, idOf } from '../../support/world';

/** `count` members who follow `postId`, straight into data.db. */
const addFollowers = (dataDir: string, postId: string, count: number, prefix: string) =>
  addCrowd(dataDir, postId, { followers: count, prefix });

/** How many notifications of `kind` on `postId` there are, and for how many different people. */
async function countNotified(admin: PocketBase, postId: string, kind: string) {
  const filter = `post = "${postId}" && kind = "${kind}"`;
  const { totalItems } = await admin.collection('notifications').getList(1, 1, { filter });
  return totalItems;
}

async function until<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 60_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value) || Date.now() > deadline) return value;
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

/** Distinct people among the post's notifications of `kind` (SQL: the API would page through 20,000). */
function distinctNotified(dataDir: string, postId: string, kind: string): number {
  const db = new DatabaseSync(join(dataDir, 'data.db'), { readOnly: true });
  const row = db
    .prepare('SELECT COUNT(DISTINCT user) AS people FROM notifications WHERE post = ? AND kind = ?')
    .get(postId, kind) as { people: number };
  db.close();
  return row.people;
}

describe('a comment on an idea a crowd follows', () => {
  let pb: TestPocketBase;
  let actors: Actors;
  beforeAll(async () => {
    pb = await startTestPocketBase();
    actors = await createActors(pb);
  });
  afterAll(() => pb?.stop());

  it('notifies each of 20,000 followers once after the request; the next comment joins their unread one', {
    timeout: 120_000,
  }, async () => {
    const board = await createBoard(pb, 'public');
    const idea = await createPost(pb, board, actors.member);
    addFollowers(pb.dataDir, idea.id, 20_000, 'c');
    const listener = await listenRealtime(actors.member, ['notifications']);
    try {
      const first = await actors.moderator
        .collection('comments')
        .create({ post: idea.id, author: idOf(actors.moderator), body: 'We are looking into it.' });
      const people = 20_000 + 1; // the followers and the idea's author
      expect(
        await until(
          () => countNotified(pb.admin, idea.id, 'comment'),
          (n) => n >= people,
        ),
      ).toBe(people);
      expect(distinctNotified(pb.dataDir, idea.id, 'comment')).toBe(people);
      await listener.waitFor((event) => event.topic === 'notifications' && event.record.user === idOf(actors.member));
      const authorsOwn = await pb.admin
        .collection('notifications')
        .getList(1, 1, { filter: `post = "${idea.id}" && user = "${idOf(actors.moderator)}"` });
      expect(authorsOwn.totalItems).toBe(0);

      // A second comment while they are unread: the same rows name it, and its author is told of nothing new.
      const second = await actors['other member']
        .collection('comments')
        .create({ post: idea.id, author: idOf(actors['other member']), body: 'Same here.' });
      const moved = await until(
        () =>
          pb.admin
            .collection('notifications')
            .getList(1, 1, { filter: `post = "${idea.id}" && comment = "${second.id}"` }),
        (page) => page.totalItems >= people + 1,
      );
      // The followers, the idea's author, and the moderator (who follows since commenting); not its own author.
      expect(moved.totalItems).toBe(people + 1);
      expect(await countNotified(pb.admin, idea.id, 'comment')).toBe(people + 1);
      const stale = await pb.admin
        .collection('notifications')
        .getList(1, 1, { filter: `post = "${idea.id}" && comment = "${first.id}"` });
      expect(stale.totalItems).toBe(0);
      expect((await pb.admin.collection('notification_fanouts').getList(1, 1)).totalItems).toBe(0);
    } finally {
      listener.close();
    }
  });
});

describe('a PocketBase stopped in the middle of the pages', () => {
  const superuser = { email: 'operator@chorus.test', password: 'operator-password-123' };
  const dataDir = mkdtempSync(join(tmpdir(), 'chorus-pb-fanout-'));
  afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

  async function start() {
    const server = await startPocketBase({ dataDir, port: await freePort(), superuser, proxySecret: '' });
    const admin = new PocketBase(server.url);
    admin.autoCancellation(false);
    await admin.collection('_superusers').authWithPassword(superuser.email, superuser.password);
    return { server, admin };
  }

  it('finishes them after a restart, nobody notified twice', { timeout: 120_000 }, async () => {
    let { server, admin } = await start();
    try {
      const board = await admin.collection('boards').create({ name: 'Crowd', slug: 'crowd', visibility: 'public' });
      const author = await admin.collection('users').create({
        email: 'author@chorus.test',
        password: 'author-password-1',
        passwordConfirm: 'author-password-1',
        name: 'Author',
        verified: true,
      });
      const idea = await admin
        .collection('posts')
        .create({ board: board.id, author: author.id, title: 'A crowded idea', body: 'x', approved: true });
      addFollowers(dataDir, idea.id, 20_000, 'k');
      await admin.collection('comments').create({ post: idea.id, author: author.id, body: 'Stop me if you can.' });
      await new Promise((resolve) => setTimeout(resolve, 100));
      await stopProcess(server.process, 'SIGKILL');

      ({ server, admin } = await start());
      const queued = await admin.collection('notification_fanouts').getFullList();
      const before = await countNotified(admin, idea.id, 'comment');
      // The stopped run's claim would expire within a minute; end it now and wake the job, as the cron minute would.
      for (const row of queued) await admin.collection('notification_fanouts').update(row.id, { lease: '' });
      await admin.crons.run('chorus_notify');
      const after = await until(
        () => countNotified(admin, idea.id, 'comment'),
        (n) => n >= 20_000,
      );
      expect(queued.length === 1 && before < 20_000, 'stopped mid-way: the queue kept its row').toBe(true);
      expect(after).toBe(20_000);
      expect(distinctNotified(dataDir, idea.id, 'comment')).toBe(20_000);
      expect((await admin.collection('notification_fanouts').getList(1, 1)).totalItems).toBe(0);
    } finally {
      await server.stop();
    }
  });
});
