// Ask the voters (issue #24, item 8): staff send one question to an idea's voters and followers (only those who
// may see it), each gets a notification and an email in their language with a link to answer; a member reads
// only a question they were sent and writes one answer of their own; staff read every answer, live. Nothing of
// it is public, and the realtime stream of a member who was not asked stays empty.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { listenRealtime } from '../../support/realtime';
import {
  type Actors,
  allowed,
  createActors,
  createBoard,
  createPost,
  expectAccess,
  idOf,
  refused,
} from '../../support/world';

type Mail = { to: string; subject: string; text: string; html: string };
let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
  pb = await startTestPocketBase({ smtpPort: mail.smtpPort, appUrl: 'http://chorus.test' });
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await mail?.close();
});

const ask = (client: PocketBase, postId: string, body: unknown) =>
  client.send(`/api/chorus/posts/${postId}/ask`, { method: 'POST', body: { body } });
const vote = (voter: PocketBase, post: RecordModel) =>
  voter.collection('votes').create({ post: post.id, user: idOf(voter) });
const answer = (client: PocketBase, question: string, body = 'Yes, a CSV import would do.') =>
  client.collection('idea_answers').create({ question, user: idOf(client), body });
const emailOf = (client: PocketBase) => client.authStore.record?.email ?? '-';

describe('asking the voters', () => {
  it('notifies and emails each voter and follower who may see the idea, in their language', async () => {
    const post = await createPost(pb, board, actors.member, { title: 'CSV export' });
    const [german, follower, blockedFollower] = await Promise.all([
      pb.actor('member', { locale: 'de' }),
      pb.actor('member'),
      pb.actor('member'),
    ]);
    await vote(german as PocketBase, post);
    await (follower as PocketBase)
      .collection('subscriptions')
      .create({ post: post.id, user: idOf(follower as PocketBase) });
    await (blockedFollower as PocketBase)
      .collection('subscriptions')
      .create({ post: post.id, user: idOf(blockedFollower as PocketBase) });
    await pb.admin.collection('users').update(idOf(blockedFollower as PocketBase), { blocked: true });

    const sent = await ask(actors.moderator, post.id, '  Would a CSV import cover your case?  ');
    // The author follows their own idea; the blocked follower and the asking moderator are not asked.
    expect(sent).toMatchObject({ post: post.id, body: 'Would a CSV import cover your case?', sent_count: 3 });
    const recipients = await pb.admin
      .collection('question_recipients')
      .getFullList({ filter: `question = "${sent.id}"` });
    expect(recipients.map((r) => r.user).sort()).toEqual(
      [idOf(actors.member), idOf(german as PocketBase), idOf(follower as PocketBase)].sort(),
    );
    const notes = await (german as PocketBase).collection('notifications').getFullList({ filter: 'kind = "question"' });
    expect(notes).toHaveLength(1);
    expect(notes[0]).toMatchObject({ post: post.id, actor: idOf(actors.moderator) });

    const email = (await mail.waitFor((m: Mail) => m.to.includes(emailOf(german as PocketBase)))) as Mail;
    expect(email.subject).toBe('Eine Frage zu „CSV export“');
    expect(email.text).toContain('Would a CSV import cover your case?');
    expect(email.text).toContain(`http://chorus.test/p/${post.id}#ask`);
    expect(email.text).toContain('/settings?unsubscribe=');
    expect(mail.messages.some((m: Mail) => m.to.includes(emailOf(blockedFollower as PocketBase)))).toBe(false);
  });

  it('leaves out voters who can no longer see the idea', async () => {
    const hidden = await createBoard(pb, 'public');
    const post = await createPost(pb, hidden, actors.moderator);
    await vote(actors['other member'], post);
    await pb.admin.collection('boards').update(hidden.id, { visibility: 'staff' });
    const sent = await ask(actors.admin, post.id, 'Still needed?');
    const recipients = await pb.admin
      .collection('question_recipients')
      .getFullList({ filter: `question = "${sent.id}"` });
    // Only its author, a moderator, still sees a staff board's idea.
    expect(recipients.map((r) => r.user)).toEqual([idOf(actors.moderator)]);
    expect(sent.sent_count).toBe(1);
  });

  it('refuses members, blocked staff, bad questions, an unknown idea and a second question within the hour', async () => {
    const post = await createPost(pb, board, actors.member);
    for (const actor of ['visitor', 'member', 'blocked member', 'blocked moderator', 'blocked admin'] as const) {
      await expect(ask(actors[actor], post.id, 'Why?'), actor).rejects.toMatchObject({
        status: actor === 'visitor' ? 401 : 403,
      });
    }
    for (const body of ['', '   ', 'x'.repeat(501), 42, null]) {
      await expect(ask(actors.moderator, post.id, body), String(body)).rejects.toMatchObject({ status: 400 });
    }
    await expect(ask(actors.moderator, 'doesnotexist123', 'Why?')).rejects.toMatchObject({ status: 404 });
    await ask(actors.moderator, post.id, 'x'.repeat(500));
    await expect(ask(actors.admin, post.id, 'Another one?')).rejects.toMatchObject({ status: 429 });
  });
});

describe('who may read and answer questions', () => {
  let post: RecordModel;
  let question: string;
  let memberAnswer: RecordModel;
  beforeAll(async () => {
    post = await createPost(pb, board, await pb.actor('admin'), { title: 'Matrix idea' });
    await vote(actors.member, post);
    question = (await ask(actors.admin, post.id, 'Which format?')).id;
  });

  it('lets the asked member and staff read the question; nobody else, and nobody writes it', async () => {
    const readers = allowed('member', 'moderator', 'admin');
    await expectAccess((actor) => actors[actor].collection('idea_questions').getOne(question), readers);
    await expectAccess(async (actor) => {
      const list = await actors[actor].collection('idea_questions').getFullList({ filter: `post = "${post.id}"` });
      if (!list.some((q) => q.id === question)) throw refused('not listed');
    }, readers);
    await expectAccess(
      (actor) =>
        actors[actor].collection('idea_questions').create({ post: post.id, author: idOf(actors[actor]), body: 'Hi' }),
      allowed(),
    );
    await expectAccess(
      (actor) => actors[actor].collection('idea_questions').update(question, { body: 'Changed' }),
      allowed(),
    );
    await expectAccess(
      async (actor) => {
        const victim = await pb.admin
          .collection('idea_questions')
          .create({ post: post.id, body: `Delete by ${actor}` });
        await actors[actor].collection('idea_questions').delete(victim.id);
      },
      allowed('moderator', 'admin'),
    );
    await expectAccess(
      async (actor) => {
        const rows = await actors[actor].collection('question_recipients').getFullList();
        if (!rows.some((row) => row.question === question)) throw refused('not listed');
      },
      allowed('moderator', 'admin'),
    );
  });

  it('lets only the asked member answer, once, and only them and staff read it', async () => {
    await expectAccess((actor) => answer(actors[actor], question), allowed('member'));
    [memberAnswer] = (await pb.admin
      .collection('idea_answers')
      .getFullList({ filter: `question = "${question}"` })) as [RecordModel];
    expect(memberAnswer.user).toBe(idOf(actors.member));
    const readers = allowed('member', 'moderator', 'admin');
    await expectAccess((actor) => actors[actor].collection('idea_answers').getOne(memberAnswer.id), readers);
    await expectAccess(async (actor) => {
      const list = await actors[actor].collection('idea_answers').getFullList();
      if (!list.some((a) => a.id === memberAnswer.id)) throw refused('not listed');
    }, readers);
    await expectAccess(
      (actor) => actors[actor].collection('idea_answers').update(memberAnswer.id, { body: 'Edited' }),
      allowed(),
    );
    await expectAccess(
      async (actor) => {
        const other = await pb.actor('member');
        await pb.admin.collection('question_recipients').create({ question, user: idOf(other) });
        const victim = await answer(other, question);
        await actors[actor].collection('idea_answers').delete(victim.id);
      },
      allowed('moderator', 'admin'),
    );
  });

  it('refuses bad answers: empty, spaces, too long, twice, for someone else, to a question not sent', async () => {
    const asked = await pb.actor('member');
    await vote(asked, post);
    const other = await createPost(pb, board, actors.moderator);
    await vote(asked, other);
    const fresh = (await ask(actors.moderator, other.id, 'Would this help?')).id;
    for (const body of ['', '   ', 'x'.repeat(2001)]) {
      await expect(answer(asked, fresh, body), JSON.stringify(body)).rejects.toMatchObject({ status: 400 });
    }
    await expect(
      asked.collection('idea_answers').create({ question: fresh, user: idOf(actors.member), body: 'Forged' }),
    ).rejects.toMatchObject({ status: 400 });
    const saved = await answer(asked, fresh, `  ${'y'.repeat(2000)}  `);
    expect(saved.body).toBe('y'.repeat(2000));
    await expect(answer(asked, fresh, 'Again')).rejects.toMatchObject({ status: 400 });
    // `question` (on the first idea) was sent before this member voted: not theirs to answer.
    await expect(answer(asked, question, 'Me too')).rejects.toMatchObject({ status: 400 });
  });

  it('streams answers live to staff, and nothing to a member who was not asked', async () => {
    const live = await createPost(pb, board, actors.moderator);
    const asked = await pb.actor('member');
    await vote(asked, live);
    const staff = await listenRealtime(actors.moderator, ['idea_answers/*', 'idea_questions/*']);
    const outsider = await listenRealtime(actors['other member'], ['idea_answers/*', 'idea_questions/*']);
    const visitor = await listenRealtime(actors.visitor, ['idea_answers/*', 'idea_questions/*']);
    const askedStream = await listenRealtime(asked, ['idea_questions/*']);
    try {
      const sent = await ask(actors.admin, live.id, 'Live?');
      await askedStream.waitFor((e) => e.record?.id === sent.id);
      const given = await answer(asked, sent.id, 'Live answer');
      const event = await staff.waitFor((e) => e.topic === 'idea_answers/*' && e.record?.id === given.id);
      expect(event.record.body).toBe('Live answer');
      await new Promise((resolve) => setTimeout(resolve, 500));
      expect(outsider.events).toEqual([]);
      expect(visitor.events).toEqual([]);
    } finally {
      for (const l of [staff, outsider, visitor, askedStream]) l.close();
    }
  });
});
