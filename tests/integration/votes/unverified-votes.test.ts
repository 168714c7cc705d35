// Only confirmed people count (issue 42, finding 2): an attacker signs up throwaway accounts and votes with them.
// Their votes and reactions are kept but neither counted, listed to others nor emailed about until the email is
// confirmed; no email goes to an unconfirmed address but the ones that check it (pb_hooks/platform/confirmed-mail.js).
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, createActors, createBoard, createComment, createPost, idOf } from '../../support/world';

type Mail = { to: string; subject: string; text: string };
const APP_URL = 'http://chorus.test';
let pb: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let actors: Actors;
let board: RecordModel;
let statuses: Record<string, string>;
beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
  pb = await startTestPocketBase({ smtpPort: mail.smtpPort, appUrl: APP_URL });
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  const rows = await pb.admin.collection('statuses').getFullList();
  statuses = Object.fromEntries(rows.map((s) => [s.slug, s.id]));
});
afterAll(async () => {
  await pb?.stop();
  await mail?.close();
});

const PASSWORD = 'throwaway password 1';
let signups = 0;

/** The attacker's sign-up form, each from a client address of its own, then signed in with the password. */
async function throwaway(): Promise<{ client: PocketBase; email: string; id: string }> {
  signups += 1;
  const email = `stuffer-${signups}-${Date.now()}@example.invalid`;
  const client = pb.visitor();
  await client
    .collection('users')
    .create({ name: `Stuffer ${signups}`, email, password: PASSWORD, passwordConfirm: PASSWORD });
  // Unconfirmed, the password signs nobody in (issue 55): the stuffer's votes come from a session got otherwise
  // (the operator's impersonation stands for one held from before).
  if (signups === 1) {
    await expect(client.collection('users').authWithPassword(email, PASSWORD)).rejects.toMatchObject({ status: 400 });
  }
  const { id } = await pb.admin.collection('users').getFirstListItem(pb.admin.filter('email = {:e}', { e: email }));
  const session = await pb.admin.collection('users').impersonate(id, 3600);
  client.authStore.save(session.authStore.token, session.authStore.record);
  return { client, email, id: idOf(client) };
}

const vote = (who: PocketBase, post: RecordModel, fields: Record<string, unknown> = {}) =>
  who.collection('votes').create({ post: post.id, user: idOf(who), ...fields });
/** What anyone sees: the idea's count (its record and its public copy) and the public voter list. */
async function publicCount(post: RecordModel) {
  const visitor = pb.visitor();
  const [record, live, voters] = await Promise.all([
    visitor.collection('posts').getOne(post.id),
    visitor.collection('post_live').getOne(post.id),
    visitor.send(`/api/chorus/posts/${post.id}/voters`, {}),
  ]);
  expect(live.vote_count).toBe(record.vote_count);
  expect(voters.totalItems).toBe(record.vote_count);
  return record.vote_count as number;
}
const worth = async (post: RecordModel) =>
  (await pb.admin.collection('post_insights').getOne(post.id)).plans as Record<string, { votes: number }>;
const sentTo = (address: string) => mail.messages.filter((m: Mail) => m.to.includes(address));
/** Waits for the emails a status change sends (the confirmed follower's marks that they went out). */
async function changeStatus(post: RecordModel, status: string, confirmedFollower: string) {
  await actors.moderator.collection('posts').update(post.id, { status: statuses[status], response: `Now ${status}.` });
  await mail.waitFor((m: Mail) => m.to.includes(confirmedFollower) && m.text.includes(`Now ${status}.`));
}
/** The token of the confirmation link emailed to `address` (APP_URL/verify?token=…). */
async function confirmationToken(address: string): Promise<string> {
  const message = (await mail.waitFor(
    (m: Mail) => m.to.includes(address) && m.text.includes('/verify?token='),
  )) as Mail;
  return decodeURIComponent(message.text.match(/\/verify\?token=([^\s]+)/)?.[1] ?? '');
}

describe('20 throwaway accounts vote', () => {
  it('the count does not move; nothing is emailed to them; one confirms its email and the count moves by one', async () => {
    const post = await createPost(pb, board, actors.member);
    const confirmed = await pb.actor('member');
    const confirmedEmail = String(confirmed.authStore.record?.email);
    await vote(confirmed, post);
    expect(await publicCount(post)).toBe(1);

    // The attacker: 20 accounts at @example.invalid sign up and vote on one idea, as fast as they can.
    const stuffers = await Promise.all(Array.from({ length: 20 }, throwaway));
    const cast = await Promise.all(stuffers.map((s) => vote(s.client, post)));
    expect(cast).toHaveLength(20); // kept: each member sees their own vote as recorded…
    expect(cast.every((v) => v.counted === false)).toBe(true);
    expect(await publicCount(post)).toBe(1); // …and nobody else counts it
    expect(Object.values(await worth(post)).reduce((sum, plan) => sum + plan.votes, 0)).toBe(1);
    // Saying "count me" changes nothing: the server decides.
    const sly = await throwaway();
    expect((await vote(sly.client, post, { counted: true })).counted).toBe(false);
    expect(await publicCount(post)).toBe(1);

    // The voters became followers; the idea changes status; only the confirmed member is emailed.
    await changeStatus(post, 'planned', confirmedEmail);
    await new Promise((resolve) => setTimeout(resolve, 500));
    for (const s of [...stuffers, sly]) expect(sentTo(s.email)).toEqual([]);
    expect(mail.messages.some((m: Mail) => m.to.includes('@example.invalid'))).toBe(false);

    // One of them confirms its email: its confirmation is the one email it may get, and its vote counts now.
    const [first] = stuffers;
    if (!first) throw new Error('no stuffer');
    await first.client.collection('users').requestVerification(first.email);
    await pb
      .visitor()
      .collection('users')
      .confirmVerification(await confirmationToken(first.email));
    expect(await publicCount(post)).toBe(2);
    expect((await first.client.collection('votes').getOne(cast[0]?.id ?? '')).counted).toBe(true);
    expect(Object.values(await worth(post)).reduce((sum, plan) => sum + plan.votes, 0)).toBe(2);
    // Confirmed now, it is emailed about the idea it follows like anyone (a comment: news of a new kind).
    await createComment(pb, post, actors.member);
    await mail.waitFor((m: Mail) => m.to.includes(first.email) && /comment/i.test(m.subject));
    await mail.waitFor(
      (m: Mail) => m.to.includes(confirmedEmail) && m.text.includes(`/p/${post.id}`) && /comment/i.test(m.subject),
    );
    expect(sentTo(stuffers[1]?.email ?? '')).toEqual([]);
  });

  it('a held vote taken back, a confirmation revoked, an erased member: the count stays right', async () => {
    const post = await createPost(pb, board, actors.member);
    const held = await throwaway();
    const heldVote = await vote(held.client, post);
    await held.client.collection('votes').delete(heldVote.id);
    expect(await publicCount(post)).toBe(0);
    const member = await throwaway();
    await vote(member.client, post);
    await pb.admin.collection('users').update(member.id, { verified: true });
    expect(await publicCount(post)).toBe(1);
    await pb.admin.collection('users').update(member.id, { verified: false });
    expect(await publicCount(post)).toBe(0);
    // An erased member's tombstone keeps the votes that counted (account/erasure.js), though it is unverified now.
    const leaving = await pb.actor('member');
    await vote(leaving, post);
    expect(await publicCount(post)).toBe(1);
    await pb.admin.send(`/api/chorus/members/${idOf(leaving)}/delete`, { method: 'POST' });
    expect((await pb.admin.collection('users').getOne(idOf(leaving))).verified).toBe(false);
    expect(await publicCount(post)).toBe(1);
  });

  it('staff voting on a customer’s behalf count (staff vouch), though the customer’s account is new', async () => {
    const post = await createPost(pb, board, actors.member);
    const email = `customer-${Date.now()}@example.invalid`;
    await actors.moderator.send(`/api/chorus/posts/${post.id}/vote-on-behalf`, { method: 'POST', body: { email } });
    expect(await publicCount(post)).toBe(1);
  });

  it('a vote the operator writes counts at once (an import); a member sending the operator’s mark is still held', async () => {
    const post = await createPost(pb, board, actors.member);
    const imported = await throwaway();
    const written = await pb.admin.collection('votes').create({ post: post.id, user: imported.id });
    expect(written.counted).toBe(true);
    expect(written).not.toHaveProperty('operator_vouched'); // the request's mark, never stored nor shown
    expect(await publicCount(post)).toBe(1);
    // The attacker copies the mark into their own vote's body: the server sets it from who asks, not from the body.
    const sly = await throwaway();
    expect((await vote(sly.client, post, { operator_vouched: true, counted: true })).counted).toBe(false);
    expect(await publicCount(post)).toBe(1);
  });

  it('the site lets unverified members post: their votes count as before, and held ones count when it turns on', async () => {
    const post = await createPost(pb, board, actors.member);
    const before = await throwaway();
    await vote(before.client, post);
    expect(await publicCount(post)).toBe(0);
    const [site] = await pb.admin.collection('site').getFullList();
    if (!site) throw new Error('no site record');
    try {
      await pb.admin.collection('site').update(site.id, { allow_unverified_posting: true });
      expect(await publicCount(post)).toBe(1);
      const after = await throwaway();
      expect((await vote(after.client, post)).counted).toBe(true);
      expect(await publicCount(post)).toBe(2);
    } finally {
      await pb.admin.collection('site').update(site.id, { allow_unverified_posting: false });
    }
    expect(await publicCount(post)).toBe(0);
  });
});

describe('reactions from throwaway accounts', () => {
  it('are kept for their member, hidden from everyone else until the email is confirmed', async () => {
    const post = await createPost(pb, board, actors.member);
    const comment = await createComment(pb, post, actors.member);
    const stuffer = await throwaway();
    const reaction = await stuffer.client
      .collection('reactions')
      .create({ comment: comment.id, user: stuffer.id, emoji: '👍' });
    const seenBy = (client: PocketBase) =>
      client.collection('reactions').getFullList({ filter: `comment = "${comment.id}"` });
    expect((await seenBy(stuffer.client)).map((r) => r.id)).toEqual([reaction.id]);
    expect(await seenBy(pb.visitor())).toEqual([]);
    expect(await seenBy(actors['other member'])).toEqual([]);
    await pb.admin.collection('users').update(stuffer.id, { verified: true });
    expect((await seenBy(pb.visitor())).map((r) => r.id)).toEqual([reaction.id]);
  });
});

describe('the one email rule', () => {
  it('an unconfirmed address gets its confirmation, a sign-in code and a reset, and nothing else', async () => {
    const post = await createPost(pb, board, actors.member);
    const confirmed = await pb.actor('member');
    const confirmedEmail = String(confirmed.authStore.record?.email);
    const stuffer = await throwaway();
    await Promise.all([vote(confirmed, post), vote(stuffer.client, post)]);
    // A mention and a status change: a notification email each for a confirmed member.
    await pb.admin.collection('comments').create({
      post: post.id,
      author: idOf(actors.member),
      body: `@[Stuffer](user:${stuffer.id}) @[Confirmed](user:${idOf(confirmed)}) look`,
    });
    await changeStatus(post, 'planned', confirmedEmail);
    await mail.waitFor((m: Mail) => m.to.includes(confirmedEmail) && /mention/i.test(`${m.subject} ${m.text}`));
    // The emails that check the address itself still reach it.
    await stuffer.client.collection('users').requestVerification(stuffer.email);
    await stuffer.client.collection('users').requestPasswordReset(stuffer.email);
    await pb.visitor().collection('users').requestOTP(stuffer.email);
    await mail.waitFor((m: Mail) => m.to.includes(stuffer.email) && m.text.includes('/verify?token='));
    await mail.waitFor((m: Mail) => m.to.includes(stuffer.email) && m.text.includes('/reset-password?token='));
    await new Promise((resolve) => setTimeout(resolve, 500));
    const got = sentTo(stuffer.email);
    expect(got).toHaveLength(3);
    expect(got.some((m: Mail) => m.text.includes('/p/'))).toBe(false);
  });
});
