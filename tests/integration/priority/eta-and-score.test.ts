// ETA and the priority score (issue #24, items 5 and 6): posts.eta is the public copy of the staff's ETA
// only while the site shows ETAs, no client writes it, and voters hear of a change (in-app and by email,
// in their language) only when it is public; staff sizing sets the score by the chosen formula, and a new
// formula or weight recomputes every idea.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  type Actors,
  allowed,
  attempt,
  createActors,
  createBoard,
  createPost,
  expectAccess,
  idOf,
} from '../../support/world';

type Mail = { to: string; subject: string; text: string };
let pb: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let actors: Actors;
let board: RecordModel;
let site: RecordModel;
let scoring: RecordModel;
beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
  pb = await startTestPocketBase({ smtpPort: mail.smtpPort, appUrl: 'http://chorus.test' });
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  site = await pb.admin.collection('site').getFirstListItem('');
  scoring = await pb.admin.collection('scoring').getFirstListItem('');
});
afterAll(async () => {
  await pb?.stop();
  await mail?.close();
});

const showEta = (show: boolean) => actors.admin.collection('site').update(site.id, { show_eta: show });
const setEta = (post: RecordModel, eta: string) =>
  actors.moderator.collection('post_insights').update(post.id, { eta });
const publicEta = async (post: RecordModel) => (await pb.visitor().collection('posts').getOne(post.id)).eta;
const etaNotices = (who: PocketBase, post: RecordModel) =>
  who.collection('notifications').getFullList({ filter: `post = "${post.id}" && kind = "eta"` });
const vote = (who: PocketBase, post: RecordModel) => who.collection('votes').create({ post: post.id, user: idOf(who) });

describe('ETA', () => {
  it('is public only while the site shows ETAs, and follows the flip for every idea', async () => {
    await showEta(false);
    const post = await createPost(pb, board, actors.member);
    await setEta(post, '2027-03');
    expect(await publicEta(post)).toBe('');
    await showEta(true);
    expect(await publicEta(post)).toBe('2027-03');
    await setEta(post, '2027-Q2');
    expect(await publicEta(post)).toBe('2027-Q2');
    await showEta(false);
    expect(await publicEta(post)).toBe('');
    expect((await pb.admin.collection('post_insights').getOne(post.id)).eta).toBe('2027-Q2');
  });

  it('refuses malformed ETAs from staff', async () => {
    const post = await createPost(pb, board, actors.member);
    for (const bad of ['2027-13', '2027-Q5', '27-03', '2027-03-01', 'soon', '2027-3']) {
      expect(await attempt(() => setEta(post, bad))).toBe(false);
    }
    expect(await attempt(() => setEta(post, '2027-12'))).toBe(true);
  });

  it('no client writes posts.eta, whoever they are', async () => {
    await showEta(true);
    const post = await createPost(pb, board, actors.member);
    await expectAccess(async (actor) => {
      await actors[actor].collection('posts').update(post.id, { eta: '2030-01' });
    }, allowed());
    await expectAccess(async (actor) => {
      const made = await actors[actor]
        .collection('posts')
        .create({ board: board.id, author: idOf(actors[actor]), title: 'With an ETA', eta: '2030-01' });
      if (made.eta !== '2030-01') throw new Error(`created, but eta ${made.eta}`);
    }, allowed());
    expect(await publicEta(post)).toBe('');
  });

  it('notifies voters and followers in-app and by email in their language, only when public', async () => {
    const voter = await pb.actor('member', { locale: 'de' });
    const post = await createPost(pb, board, actors.member, { title: 'Dunkelmodus' });
    await vote(voter, post);

    await showEta(false);
    await setEta(post, '2027-03');
    expect(await etaNotices(voter, post)).toHaveLength(0);
    expect(await etaNotices(actors.member, post)).toHaveLength(0);

    await showEta(true);
    await setEta(post, '2027-Q2');
    expect(await etaNotices(voter, post)).toHaveLength(1);
    expect(await etaNotices(actors.member, post)).toHaveLength(1); // the author follows their idea
    expect(await etaNotices(actors.moderator, post)).toHaveLength(0); // who set it is not told
    const email: Mail = await mail.waitFor(
      (m: Mail) => m.to.includes(String(voter.authStore.record?.email)) && /Dunkelmodus/.test(m.subject),
    );
    expect(email.subject).toBe('„Dunkelmodus“: Ziel Q2 2027');
    expect(email.text).toContain('„Dunkelmodus“ ist jetzt für Q2 2027 geplant.');

    await voter.send('/api/chorus/notifications/read-all', { method: 'POST' });
    await setEta(post, '2027-11');
    const cleared = await mail.waitFor(
      (m: Mail) => m.to.includes(String(voter.authStore.record?.email)) && /November 2027/.test(m.text),
    );
    expect(cleared.subject).toBe('„Dunkelmodus“: Ziel November 2027');
    await voter.send('/api/chorus/notifications/read-all', { method: 'POST' });
    await setEta(post, '');
    const none = await mail.waitFor(
      (m: Mail) => m.to.includes(String(voter.authStore.record?.email)) && /kein Zieldatum/.test(m.subject),
    );
    expect(none.text).toContain('Das Zieldatum von „Dunkelmodus“ wurde entfernt.');
    expect(await etaNotices(voter, post)).toHaveLength(3);
    // Like status changes, an unread notification takes the next changes instead of piling up (and
    // emailing) again: the author, who read nothing, has one.
    expect(await etaNotices(actors.member, post)).toHaveLength(1);
  });
});

describe('priority score', () => {
  const insights = (post: RecordModel) => pb.admin.collection('post_insights').getOne(post.id);
  const setFormula = (fields: Record<string, unknown>) => actors.admin.collection('scoring').update(scoring.id, fields);

  it('follows sizing under each formula, and a new formula or weight recomputes every idea', async () => {
    await setFormula({ formula: 'rice', weights: { segments: {}, revenue: 0 } });
    const post = await createPost(pb, board, actors.member);
    const voters = await Promise.all([pb.actor('member'), pb.actor('member'), pb.actor('member'), pb.actor('member')]);
    for (const voter of voters) await vote(voter, post);
    const company = await pb.admin
      .collection('companies')
      .create({ external_id: `c-${post.id}`, name: 'Acme', monthly_revenue: 12000 });
    await pb.admin.collection('member_profiles').create({ user: idOf(voters[0]), company: company.id });

    const sized = await actors.moderator
      .collection('post_insights')
      .update(post.id, { impact: 2, confidence: 80, effort: 3 });
    expect(sized.reach).toBe(4);
    expect(sized.score).toBe(Math.round(((4 * 2 * 0.8) / 3) * 1000) / 1000); // 2.133
    const unsized = await createPost(pb, board, actors.member);
    expect((await insights(unsized)).score).toBe(0);

    await setFormula({ formula: 'value_effort' });
    expect((await insights(post)).score).toBe(Math.round(((4 * 2) / 3) * 1000) / 1000);
    await setFormula({ formula: 'revenue_votes', weights: { segments: {}, revenue: 0.5 } });
    // reach now includes the revenue weight: 4 votes + 0.5 × 12 = 10; the score is votes + 0.5 × 12 = 10
    expect(await insights(post)).toMatchObject({ reach: 10, score: 10 });
    expect((await insights(unsized)).score).toBe(0);
    await setFormula({ formula: 'rice', weights: { segments: {}, revenue: 0 } });
    expect(await insights(post)).toMatchObject({ reach: 4, score: 2.133 });
  });

  it('segment weights count a voter at their highest weight, the same set-based as one by one', async () => {
    const tier = `enterprise-${Date.now()}`;
    const segment = await pb.admin.collection('segments').create({
      name: `Enterprise ${Date.now()}`,
      conditions: { match: 'all', rules: [{ field: 'attribute:tier', op: 'eq', value: tier }] },
    });
    const post = await createPost(pb, board, actors.member);
    const [big, small] = await Promise.all([pb.actor('member'), pb.actor('member')]);
    for (const voter of [big, small]) await vote(voter, post);
    // The big voter is in the segment the way members are: their attributes match its rule.
    await pb.admin.collection('member_profiles').create({ user: idOf(big), attributes: { tier } });
    await actors.moderator.collection('post_insights').update(post.id, { impact: 1, confidence: 100, effort: 1 });
    await setFormula({ weights: { segments: { [segment.id]: 3 }, revenue: 0 } });
    expect(await insights(post)).toMatchObject({ reach: 4, score: 4 });
    // One idea recomputed by a vote gives the same number as the set-based recompute.
    const third = await pb.actor('member');
    await vote(third, post);
    expect(await insights(post)).toMatchObject({ reach: 5, score: 5 });
    // A voter who joins the weighted segment counts at its weight at once, on the ideas they voted for.
    await pb.admin.collection('member_profiles').create({ user: idOf(small), attributes: { tier } });
    expect(await insights(post)).toMatchObject({ reach: 7, score: 7 });
    await setFormula({ weights: { segments: {}, revenue: 0 } });
    expect(await insights(post)).toMatchObject({ reach: 3, score: 3 });
  });

  it('refuses bad sizing and bad weights, saying why in the admin’s language', async () => {
    const post = await createPost(pb, board, actors.member);
    const staff = actors.moderator.collection('post_insights');
    for (const bad of [{ impact: 11 }, { impact: -1 }, { confidence: 101 }, { effort: -2 }, { effort: 1001 }]) {
      expect(await attempt(() => staff.update(post.id, bad)), JSON.stringify(bad)).toBe(false);
    }
    const segment = await pb.admin.collection('segments').create({
      name: `Weighted ${Date.now()}`,
      conditions: { match: 'all', rules: [{ field: 'plan', op: 'eq', value: 'Weighted' }] },
    });
    for (const weights of [
      { segments: {}, revenue: -1 },
      { segments: {}, revenue: '5' },
      { segments: {}, revenue: 1001 },
      { segments: { [segment.id]: 101 }, revenue: 0 },
      { segments: { zzzzzzzzzzzzzzz: 2 }, revenue: 0 },
      { segments: [], revenue: 0 },
      [1, 2],
    ]) {
      const answer = await fetch(`${pb.url}/api/collections/scoring/records/${scoring.id}`, {
        method: 'PATCH',
        headers: {
          'content-type': 'application/json',
          authorization: actors.admin.authStore.token,
          'accept-language': 'de',
        },
        body: JSON.stringify({ weights }),
      });
      expect(answer.status, JSON.stringify(weights)).toBe(400);
      const body = await answer.json();
      expect(body.data.weights.message).toBe(
        'Gewichte sind Zahlen: 0 bis 1.000 für den Umsatz, 0 bis 100 für jedes vorhandene Segment.',
      );
    }
    await setFormula({ weights: { segments: { [segment.id]: 2.5 }, revenue: 1000 } });
    await setFormula({ weights: { segments: {}, revenue: 0 } });
  });

  it('only admins choose the formula and weights', async () => {
    await expectAccess(
      (actor) => actors[actor].collection('scoring').update(scoring.id, { formula: 'rice' }),
      allowed('admin'),
    );
  });
});
