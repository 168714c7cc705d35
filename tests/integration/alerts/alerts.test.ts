// Alerts when an idea crosses a line (issue #24, item 7): a rule fires once per idea however many votes race,
// counts only its segment's voters when it has one, watches revenue and votes in the last 24 hours, and
// delivers off the write path: an `idea.threshold_reached` webhook event (a Slack message for Slack
// endpoints) that names the idea and the rule and nothing private, and an email to each staff recipient in
// their language. Only admins write rules; staff read them and the firings; nobody else sees either.

import { join } from 'node:path';
import { DatabaseSync } from 'node:sqlite';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Received, startWebhookReceiver } from '../../support/webhook-receiver';
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
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;

beforeAll(async () => {
  receiver = await startWebhookReceiver();
  mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
  pb = await startTestPocketBase({ smtpPort: mail.smtpPort, appUrl: 'http://chorus.test' });
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  await pb.admin.collection('webhooks').create({
    name: 'Slack',
    url: receiver.url('/slack'),
    kind: 'slack',
    events: ['idea.threshold_reached'],
  });
  await pb.admin.collection('webhooks').create({
    name: 'Signed',
    url: receiver.url('/hook'),
    kind: 'standard',
    events: ['idea.threshold_reached'],
  });
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await receiver?.close();
  await mail?.close();
});

const rule = (fields: Record<string, unknown>) =>
  actors.admin.collection('alert_rules').create({ name: 'A line', metric: 'votes', threshold: 5, ...fields });
const firingsOf = (post: RecordModel) =>
  pb.admin.collection('alert_firings').getFullList({ filter: `post = "${post.id}"` });
const voters = (count: number) => Promise.all(Array.from({ length: count }, () => pb.actor('member')));
const vote = (voter: PocketBase, post: RecordModel) =>
  voter.collection('votes').create({ post: post.id, user: idOf(voter) });
const thresholdAt = (path: string, postId: string) => (r: Received) =>
  r.path === path &&
  r.body.includes(postId) &&
  (path === '/slack' || JSON.parse(r.body).type === 'idea.threshold_reached');
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('an alert rule', () => {
  it('fires exactly once per rule and idea under 20 concurrent votes crossing the line', async () => {
    const own = await createBoard(pb, 'public');
    const post = await createPost(pb, own, actors.member, { title: 'Crossing idea' });
    const elsewhere = await createPost(pb, board, actors.member);
    const five = await rule({ name: 'Five votes', threshold: 5, board: own.id, recipients: [idOf(actors.moderator)] });
    const ten = await rule({ name: 'Ten anywhere', threshold: 10 });
    const crowd = await voters(20);
    await Promise.all(crowd.map((voter) => vote(voter, post)));
    await Promise.all(crowd.slice(0, 6).map((voter) => vote(voter, elsewhere)));

    const fired = await firingsOf(post);
    expect(fired.map((f) => f.rule).sort()).toEqual([five.id, ten.id].sort());
    // The board rule did not fire on another board; the any-board rule needs 10 there.
    expect(await firingsOf(elsewhere)).toEqual([]);

    await receiver.waitFor(thresholdAt('/hook', post.id), 2);
    await receiver.waitFor(thresholdAt('/slack', post.id), 2);
    await pause(1500);
    expect(receiver.received.filter(thresholdAt('/hook', post.id))).toHaveLength(2);
    expect(receiver.received.filter(thresholdAt('/slack', post.id))).toHaveLength(2);
    const delivered = await pb.admin.collection('alert_firings').getOne(fired[0]?.id ?? '');
    expect(delivered.state).toBe('sent');
  });

  it('sends an event that names the idea and the rule, nothing private, and a Slack message', async () => {
    const acme = await pb.admin.collection('companies').create({
      external_id: `acme-${Date.now()}`,
      name: 'Acme Secret Corp',
      plan: 'Enterprise',
      monthly_revenue: 777,
    });
    const [voter] = await voters(1);
    if (!voter) throw new Error('no voter');
    await pb.admin.collection('member_profiles').create({ user: idOf(voter), company: acme.id });
    const post = await createPost(pb, board, actors.member, { title: 'Payload idea' });
    const one = await rule({ name: 'First vote', threshold: 1, board: board.id, recipients: [idOf(actors.admin)] });
    await vote(voter, post);
    const [signed] = await receiver.waitFor(thresholdAt('/hook', post.id));
    const event = JSON.parse(signed.body);
    expect(event.data.idea).toMatchObject({
      id: post.id,
      title: 'Payload idea',
      url: `http://chorus.test/p/${post.id}`,
    });
    expect(event.data.rule).toEqual({ id: one.id, name: 'First vote', metric: 'votes', threshold: 1, segment: null });
    for (const secret of ['Acme Secret Corp', 'Enterprise', '777', voter.authStore.record?.email, idOf(voter)]) {
      expect(signed.body).not.toContain(String(secret));
    }
    const [slack] = await receiver.waitFor(thresholdAt('/slack', post.id));
    const message = JSON.parse(slack.body);
    expect(message.text).toContain('Payload idea');
    expect(JSON.stringify(message.blocks)).toContain('First vote');
    expect(slack.body).not.toContain('Acme Secret Corp');
  });

  it('emails each staff recipient in their language, and nobody else', async () => {
    const german = await pb.actor('moderator', { locale: 'de' });
    const post = await createPost(pb, board, actors.member, { title: 'Email idea' });
    await rule({ name: 'Zwei', threshold: 2, board: board.id, recipients: [idOf(german), idOf(actors.admin)] });
    for (const voter of await voters(2)) await vote(voter, post);
    const email = (await mail.waitFor((m: Mail) => m.to.includes(german.authStore.record?.email ?? '-'))) as Mail;
    expect(email.subject).toBe('Alarm „Zwei“: Email idea');
    expect(email.text).toContain('2 Stimmen');
    expect(email.text).toContain(`http://chorus.test/p/${post.id}`);
    await mail.waitFor(
      (m: Mail) => m.to.includes(actors.admin.authStore.record?.email ?? '-') && m.subject.includes('Zwei'),
    );
    expect(mail.messages.filter((m: Mail) => m.subject.includes('Zwei'))).toHaveLength(2);
  });

  it('with a segment counts only the votes of its members', async () => {
    const own = await createBoard(pb, 'public');
    const tier = `big-${Date.now()}`;
    const segment = await pb.admin.collection('segments').create({
      name: `Big ${Date.now()}`,
      conditions: { match: 'all', rules: [{ field: 'attribute:tier', op: 'eq', value: tier }] },
    });
    const post = await createPost(pb, own, actors.member);
    await rule({ name: 'Two big voters', threshold: 2, segment: segment.id, board: own.id });
    const outsiders = await voters(3);
    for (const voter of outsiders) await vote(voter, post);
    expect(await firingsOf(post)).toEqual([]);
    const insiders = await voters(2);
    // They join the segment the way members do: their attributes match its rule (the server keeps members).
    for (const voter of insiders) {
      await pb.admin.collection('member_profiles').create({ user: idOf(voter), attributes: { tier } });
    }
    expect((await pb.admin.collection('segments').getOne(segment.id)).member_count).toBe(2);
    await vote(insiders[0] as PocketBase, post);
    expect(await firingsOf(post)).toEqual([]);
    await vote(insiders[1] as PocketBase, post);
    const [fired] = await firingsOf(post);
    expect(fired?.value).toBe(2);
  });

  it('on revenue fires when voters bring it, and when their company grows', async () => {
    const own = await createBoard(pb, 'public');
    await rule({ name: 'Big money', metric: 'revenue', threshold: 3000, board: own.id });
    const company = await pb.admin
      .collection('companies')
      .create({ external_id: `co-${Date.now()}`, name: 'Co', monthly_revenue: 1000 });
    const rich = await pb.admin
      .collection('companies')
      .create({ external_id: `rich-${Date.now()}`, name: 'Rich', monthly_revenue: 5000 });
    const [small, big] = await voters(2);
    if (!small || !big) throw new Error('no voters');
    await pb.admin.collection('member_profiles').create({ user: idOf(small), company: company.id });
    await pb.admin.collection('member_profiles').create({ user: idOf(big), company: rich.id });
    const grows = await createPost(pb, own, actors.member);
    const wanted = await createPost(pb, own, actors.member);
    await vote(small, grows);
    expect(await firingsOf(grows)).toEqual([]);
    await vote(big, wanted);
    expect((await firingsOf(wanted)).map((f) => f.value)).toEqual([5000]);
    await pb.admin.collection('companies').update(company.id, { monthly_revenue: 3500 });
    expect((await firingsOf(grows)).map((f) => f.value)).toEqual([3500]);
  });

  it('on votes in a day counts only the last 24 hours', async () => {
    const own = await createBoard(pb, 'public');
    await rule({ name: 'Hot', metric: 'votes_in_day', threshold: 3, board: own.id });
    const post = await createPost(pb, own, actors.member);
    const early = await voters(2);
    const votes = [];
    for (const voter of early) votes.push(await vote(voter, post));
    // Those two votes were cast two days ago.
    const db = new DatabaseSync(join(pb.dataDir, 'data.db'));
    try {
      const old = new Date(Date.now() - 48 * 3600_000).toISOString().replace('T', ' ');
      for (const v of votes) db.prepare('UPDATE votes SET created = ? WHERE id = ?').run(old, v.id);
    } finally {
      db.close();
    }
    const late = await voters(3);
    await vote(late[0] as PocketBase, post);
    await vote(late[1] as PocketBase, post);
    expect(await firingsOf(post)).toEqual([]); // 4 votes in all, 2 of them today
    await vote(late[2] as PocketBase, post);
    expect((await firingsOf(post)).map((f) => f.value)).toEqual([3]);
  });

  it('refuses bad input: no name, a zero or negative line, an unknown metric, a member as recipient', async () => {
    const bad = [
      { name: '' },
      { threshold: 0 },
      { threshold: -5 },
      { threshold: 'ten' },
      { metric: 'comments' },
      { name: 'x'.repeat(81) },
      { recipients: [idOf(actors.member)] },
      { recipients: [idOf(actors['blocked moderator'])] },
      { recipients: ['doesnotexist123'] },
    ];
    for (const fields of bad) {
      await expect(rule(fields), JSON.stringify(fields)).rejects.toMatchObject({ status: 400 });
    }
    const created = await rule({ recipients: [idOf(actors.moderator)] });
    await expect(
      actors.admin.collection('alert_rules').update(created.id, { recipients: [idOf(actors.member)] }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('who may touch alert rules and firings', () => {
  let existing: RecordModel;
  let firing: RecordModel;
  beforeAll(async () => {
    existing = await rule({ name: 'Matrix', threshold: 1, board: board.id });
    const post = await createPost(pb, board, actors.member);
    await vote(actors['other member'], post);
    [firing] = (await firingsOf(post)) as [RecordModel];
  });
  const STAFF_READ = allowed('moderator', 'admin');

  it('lets staff read rules and admins write them; nobody else', async () => {
    await expectAccess(async (actor) => {
      const list = await actors[actor].collection('alert_rules').getFullList();
      if (!list.some((r) => r.id === existing.id)) throw refused('not listed');
    }, STAFF_READ);
    await expectAccess((actor) => actors[actor].collection('alert_rules').getOne(existing.id), STAFF_READ);
    await expectAccess(
      (actor) => actors[actor].collection('alert_rules').create({ name: `By ${actor}`, metric: 'votes', threshold: 3 }),
      allowed('admin'),
    );
    await expectAccess(
      (actor) => actors[actor].collection('alert_rules').update(existing.id, { threshold: 2 }),
      allowed('admin'),
    );
    await expectAccess(async (actor) => {
      const victim = await rule({ name: `Delete by ${actor}` });
      await actors[actor].collection('alert_rules').delete(victim.id);
    }, allowed('admin'));
  });

  it('tells nobody but admins whether a recipient is staff', async () => {
    for (const actor of ['visitor', 'member', 'moderator', 'blocked admin'] as const) {
      const statuses = [];
      for (const recipient of [idOf(actors.moderator), idOf(actors['other member'])]) {
        const attempt = actors[actor]
          .collection('alert_rules')
          .create({ name: 'Probe', metric: 'votes', threshold: 3, recipients: [recipient] });
        statuses.push(
          await attempt.then(() => 200).catch((error) => `${error.status} ${JSON.stringify(error.response)}`),
        );
      }
      expect(statuses[0], actor).not.toBe(200);
      expect(statuses[1], actor).toBe(statuses[0]);
    }
  });

  it('lets staff read firings and nobody write them', async () => {
    await expectAccess((actor) => actors[actor].collection('alert_firings').getOne(firing.id), STAFF_READ);
    await expectAccess(async (actor) => {
      const list = await actors[actor].collection('alert_firings').getFullList();
      if (!list.some((r) => r.id === firing.id)) throw refused('not listed');
    }, STAFF_READ);
    await expectAccess(
      (actor) =>
        actors[actor].collection('alert_firings').create({ rule: existing.id, post: firing.post, state: 'pending' }),
      allowed(),
    );
    await expectAccess(
      (actor) => actors[actor].collection('alert_firings').update(firing.id, { state: 'pending' }),
      allowed(),
    );
    await expectAccess((actor) => actors[actor].collection('alert_firings').delete(firing.id), allowed());
  });
});
