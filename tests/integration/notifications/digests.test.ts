// Digests and one-click unsubscribe (issue #25, item 5): who reads and writes the email frequencies and
// time zone, the daily and weekly job (grouping, local hour, once per period, visibility), the RFC 8058
// headers on every kind of bulk email, and the sign-in-free one-click POST that a forged token cannot use.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { nextLocalEight } from '../../support/local-time';
import { heldSession, startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
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

type Mail = { to: string; subject: string; text: string; headers: Record<string, string> };
const APP_URL = 'http://chorus.test';
let pb: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let actors: Actors;
let board: RecordModel;
beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
  pb = await startTestPocketBase({ smtpPort: mail.smtpPort, appUrl: APP_URL });
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
});
afterAll(async () => {
  await pb?.stop();
  await mail?.close();
});

const emailOf = (client: PocketBase) => String(client.authStore.record?.email);
const mailsTo = (client: PocketBase) => (mail.messages as Mail[]).filter((m) => m.to.includes(emailOf(client)));
const preferences = (client: PocketBase, body?: Record<string, unknown>) =>
  client.send('/api/chorus/preferences', body ? { method: 'POST', body } : { method: 'GET' });
const runDigests = (now: number): Promise<{ sent: number; checked: number }> =>
  pb.admin.send('/api/chorus/digests/run', { method: 'POST', body: { now: new Date(now).toISOString() } });
const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Status with a response, a comment and a release on `post`, which `follower` follows. */
async function threeEvents(post: RecordModel) {
  const planned = await pb.admin.collection('statuses').getFirstListItem('slug = "planned"');
  await actors.admin.collection('posts').update(post.id, { status: planned.id, response: 'Coming in spring.' });
  await actors['other member']
    .collection('comments')
    .create({ post: post.id, author: idOf(actors['other member']), body: 'Me too' });
  const slug = `release-${Math.random().toString(36).slice(2, 8)}`;
  await actors.moderator
    .collection('changelog_entries')
    .create({ title: 'Spring release', slug, state: 'published', posts: [post.id] });
}

async function follower(fields: Record<string, unknown>, post: RecordModel) {
  const client = await pb.actor('member', fields);
  await client.collection('subscriptions').create({ post: post.id, user: idOf(client) });
  return client;
}

describe('email preferences', () => {
  it('only the member reads and writes their own frequencies and time zone (a matrix of actors)', async () => {
    const target = actors.member;
    await expectAccess(
      (actor) => preferences(actors[actor], { comment_emails: 'daily' }),
      allowed('member', 'other member', 'moderator', 'admin'),
    );
    await expectAccess(
      (actor) => preferences(actors[actor]),
      allowed('member', 'other member', 'blocked member', 'blocked moderator', 'blocked admin', 'moderator', 'admin'),
    );
    for (const actor of ['member', 'other member', 'moderator', 'admin'] as const) {
      const record = await actors[actor].collection('users').getOne(idOf(target));
      for (const field of ['comment_emails', 'status_emails', 'release_emails', 'time_zone', 'digest_daily_at'])
        expect(record[field], `${actor} reads ${field}`).toBeUndefined();
      // Hidden: no filter probes it, and a record update by anyone but a superuser leaves it alone.
      const probe = await actors[actor]
        .collection('users')
        .getList(1, 1, { filter: `id = "${idOf(target)}" && comment_emails = "daily"` })
        .catch(() => ({ totalItems: 0 }));
      expect(probe.totalItems, `${actor} filters by a hidden field`).toBe(0);
    }
    await attempt(() => actors.admin.collection('users').update(idOf(target), { comment_emails: 'off' }));
    await attempt(() => target.collection('users').update(idOf(target), { status_emails: 'weekly' }));
    expect(await preferences(target)).toMatchObject({ comment_emails: 'daily', status_emails: 'instant' });
    expect(await attempt(() => preferences(pb.visitor()))).toBe(false);
  });

  it('keeps the old switches working: on is instant, off is off, and each follows the other', async () => {
    // Choosing any preference at sign-up means choosing all of them (the rest are off), as before.
    const member = await pb.actor('member', { email_on_comment: true, email_on_status: true, email_on_release: false });
    expect(await preferences(member)).toEqual({
      email_on_comment: true,
      email_on_status: true,
      email_on_release: false,
      comment_emails: 'instant',
      status_emails: 'instant',
      release_emails: 'off',
      time_zone: 'UTC',
    });
    await preferences(member, { email_on_comment: false, status_emails: 'weekly', time_zone: 'Asia/Tokyo' });
    const after = await preferences(member);
    expect(after).toMatchObject({ email_on_comment: false, comment_emails: 'off', email_on_status: true });
    expect(after).toMatchObject({ status_emails: 'weekly', time_zone: 'Asia/Tokyo' });
    await preferences(member, { email_on_status: true }); // "on" keeps the digest it already has
    expect(await preferences(member)).toMatchObject({ status_emails: 'weekly' });
    await pb.admin.collection('users').update(idOf(member), { email_on_status: false }); // the admin UI
    expect(await preferences(member)).toMatchObject({ status_emails: 'off', email_on_status: false });
  });

  it('a sign-up keeps the browser time zone the server knows, and ignores one it does not', async () => {
    const signUp = async (zone: string) => {
      const email = `zone-${Math.random().toString(36).slice(2, 8)}@chorus.test`;
      const password = 'a-long-password-123';
      const visitor = pb.visitor();
      await visitor.collection('users').create({ email, password, passwordConfirm: password, browser_time_zone: zone });
      // Unconfirmed, the password signs nobody in (issue 55): the new member's session, as the emailed code gives it.
      await heldSession(pb, visitor, email, password);
      return preferences(visitor);
    };
    expect(await signUp('America/Sao_Paulo')).toMatchObject({ time_zone: 'America/Sao_Paulo' });
    expect(await signUp('Mars/Olympus_Mons')).toMatchObject({ time_zone: 'UTC' });
  });

  it('refuses bad input field by field and changes nothing', async () => {
    const member = await pb.actor('member');
    const bad: Record<string, unknown>[] = [
      { comment_emails: 'hourly' },
      { status_emails: true },
      { time_zone: 'Mars/Olympus_Mons' },
      { time_zone: '../../etc/passwd' },
      { time_zone: 'x'.repeat(200) },
      { time_zone: 42 },
      { email_on_comment: 'yes' },
      { comment_emails: 'daily', time_zone: 'Nowhere/Land' },
    ];
    for (const body of bad) {
      const refusal = await preferences(member, body).catch((error) => error);
      expect(refusal.status, JSON.stringify(body)).toBe(400);
      expect(Object.keys(refusal.response.data).length).toBeGreaterThan(0);
    }
    expect(await preferences(member)).toMatchObject({ comment_emails: 'instant', time_zone: 'UTC' });
    const german = await pb.actor('member', { locale: 'de' });
    const refusal = await german
      .send('/api/chorus/preferences', {
        method: 'POST',
        body: { time_zone: 'Nowhere/Land' },
        headers: { 'Accept-Language': 'de' },
      })
      .catch((error) => error);
    expect(refusal.response.data.time_zone.message).toBe('Wählen Sie eine Zeitzone aus der Liste.');
  });
});

describe('the digest job', () => {
  it('groups three events into one email in the recipient language, at 08:00 local in two zones, once', async () => {
    const post = await createPost(pb, board, actors.member, { title: 'Offline mode' });
    const paris = await follower({ locale: 'fr' }, post);
    const newYork = await follower({}, post);
    await preferences(paris, {
      comment_emails: 'daily',
      status_emails: 'daily',
      release_emails: 'daily',
      time_zone: 'Europe/Paris',
    });
    await preferences(newYork, {
      comment_emails: 'daily',
      status_emails: 'daily',
      release_emails: 'weekly',
      time_zone: 'America/New_York',
    });
    const chosen = Date.now();
    await threeEvents(post);
    await pause(300);
    expect(mailsTo(paris)).toEqual([]); // no instant email for a daily member
    const atParis = nextLocalEight('Europe/Paris', chosen);
    const atNewYork = nextLocalEight('America/New_York', chosen);
    const [first, second] = atParis < atNewYork ? [paris, newYork] : [newYork, paris];
    // The daily digests, by their subjects. When the next 08:00 is a Monday's, New York's weekly digest (the release)
    // is due at it too: an email of its own, which this test does not count (the weekly test below holds it).
    const subjects = new Map([
      [paris, 'Votre résumé quotidien de Chorus'],
      [newYork, 'Your daily digest from Chorus'],
    ]);
    const dailyTo = (client: PocketBase) => mailsTo(client).filter((m) => m.subject === subjects.get(client));
    const [firstAt, secondAt] = [Math.min(atParis, atNewYork), Math.max(atParis, atNewYork)];

    await runDigests(firstAt - 60_000);
    expect([mailsTo(first), mailsTo(second)]).toEqual([[], []]);
    await runDigests(firstAt);
    await mail.waitFor((m: Mail) => m.to.includes(emailOf(first)) && m.subject === subjects.get(first));
    expect(mailsTo(second)).toEqual([]);
    await Promise.all([runDigests(firstAt + 1000), runDigests(firstAt + 2000)]); // a rerun and an overlap
    await runDigests(secondAt);
    await mail.waitFor((m: Mail) => m.to.includes(emailOf(second)) && m.subject === subjects.get(second));
    await runDigests(secondAt + 15 * 60_000);
    await pause(300);
    expect(dailyTo(first)).toHaveLength(1);
    expect(dailyTo(second)).toHaveLength(1);
    // Paris gets every kind daily: no other email, Monday or not.
    expect(mailsTo(paris)).toHaveLength(1);

    const french = dailyTo(paris)[0] as Mail;
    expect(french.subject).toBe('Votre résumé quotidien de Chorus');
    expect(french.text).toContain('Offline mode');
    expect(french.text).toContain('Planned'); // the status (names are the board's own words)
    expect(french.text).toContain('Coming in spring.'); // its official response
    expect(french.text).toMatch(/a commenté/); // the comment, in French
    expect(french.text).toContain('Spring release');
    expect(french.text).toContain(`${APP_URL}/p/${post.id}`);
    expect(french.headers['list-unsubscribe']).toMatch(/^<http:\/\/chorus\.test\/unsubscribe\?token=[^>]+>$/);
    expect(french.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    const english = dailyTo(newYork)[0] as Mail;
    expect(english.subject).toBe('Your daily digest from Chorus');
    expect(english.text).toContain('Coming in spring.');
    expect(english.text).not.toContain('Spring release'); // releases come weekly to this member

    // The digest's one-click link turns off what comes daily, and leaves the weekly kind alone.
    await oneClick(english);
    expect(await preferences(newYork)).toMatchObject({
      comment_emails: 'off',
      status_emails: 'off',
      release_emails: 'weekly',
    });
  });

  it('sends weekly digests on Monday at 08:00 local only, nothing when off, nothing when nothing happened', async () => {
    const post = await createPost(pb, board, actors.member, { title: 'Weekly idea' });
    const weekly = await follower({}, post);
    const off = await follower({}, post);
    const quiet = await pb.actor('member');
    await preferences(weekly, {
      comment_emails: 'weekly',
      status_emails: 'weekly',
      release_emails: 'weekly',
      time_zone: 'Asia/Tokyo',
    });
    await preferences(off, {
      comment_emails: 'off',
      status_emails: 'off',
      release_emails: 'off',
      time_zone: 'Asia/Tokyo',
    });
    await preferences(quiet, { comment_emails: 'weekly', time_zone: 'Asia/Tokyo' });
    const chosen = Date.now();
    await threeEvents(post);
    const monday = nextLocalEight('Asia/Tokyo', chosen, true);
    for (const at of [monday - 24 * 3600_000, monday - 60_000]) await runDigests(at);
    expect(mailsTo(weekly)).toEqual([]);
    await runDigests(monday);
    const sent = await mail.waitFor((m: Mail) => m.to.includes(emailOf(weekly)));
    expect(sent.subject).toBe('Your weekly digest from Chorus');
    await runDigests(monday + 24 * 3600_000);
    await pause(300);
    expect(mailsTo(weekly)).toHaveLength(1);
    expect([mailsTo(off), mailsTo(quiet)]).toEqual([[], []]);
    expect(await pb.admin.collection('notifications').getFullList({ filter: `user = "${idOf(off)}"` })).not.toEqual([]);
  });

  it('leaves out ideas the member can no longer see', async () => {
    const hidden = await createBoard(pb, 'public');
    const post = await createPost(pb, hidden, actors.member, { title: 'Soon secret' });
    const member = await follower({}, post);
    await preferences(member, { comment_emails: 'daily', status_emails: 'daily', release_emails: 'daily' });
    const chosen = Date.now();
    await threeEvents(post);
    await pb.admin.collection('boards').update(hidden.id, { visibility: 'staff' });
    await runDigests(nextLocalEight('UTC', chosen));
    await pause(300);
    expect(mailsTo(member)).toEqual([]);
  });
});

describe('one-click unsubscribe', () => {
  it('every kind of bulk email carries List-Unsubscribe and List-Unsubscribe-Post', async () => {
    const post = await createPost(pb, board, actors.member, { title: 'Headers idea' });
    const member = await follower({}, post);
    await threeEvents(post);
    await actors.moderator.send(`/api/chorus/posts/${post.id}/ask`, {
      method: 'POST',
      body: { body: 'Which format?' },
    });
    const staff = await pb.actor('admin');
    await actors.admin
      .collection('alert_rules')
      .create({ name: 'One vote', metric: 'votes', threshold: 1, board: board.id, recipients: [idOf(staff)] });
    await member.collection('votes').create({ post: post.id, user: idOf(member) });
    const kinds = [
      (m: Mail) => m.to.includes(emailOf(member)) && m.subject.includes('Planned'),
      (m: Mail) => m.to.includes(emailOf(member)) && m.subject.startsWith('New comment'),
      (m: Mail) => m.to.includes(emailOf(member)) && m.subject.includes('Spring release'),
      (m: Mail) => m.to.includes(emailOf(member)) && m.text.includes('Which format?'),
      (m: Mail) => m.to.includes(emailOf(staff)) && m.text.includes(post.id),
    ];
    for (const kind of kinds) {
      const message = await mail.waitFor(kind);
      expect(message.headers['list-unsubscribe'], message.subject).toMatch(
        /^<http:\/\/chorus\.test\/unsubscribe\?token=/,
      );
      expect(message.headers['list-unsubscribe-post'], message.subject).toBe('List-Unsubscribe=One-Click');
    }
    // The alert's one-click link takes this recipient off that rule, and no one else.
    const alert = await mail.waitFor(kinds[4]);
    await oneClick(alert);
    const rule = await pb.admin.collection('alert_rules').getFirstListItem('name = "One vote"');
    expect(rule.recipients).toEqual([]);
  });

  it('a POST without sign-in turns that kind off; a forged or altered token is refused and changes nothing', async () => {
    const post = await createPost(pb, board, actors.member, { title: 'Unsubscribe idea' });
    const member = await follower({}, post);
    await actors['other member']
      .collection('comments')
      .create({ post: post.id, author: idOf(actors['other member']), body: 'Hello' });
    const message = await mail.waitFor(
      (m: Mail) => m.to.includes(emailOf(member)) && m.subject.startsWith('New comment'),
    );
    const token = tokenOf(message);
    const [header, payload = '', signature] = token.split('.');
    const claims = JSON.parse(Buffer.from(payload, 'base64url').toString());
    const other = Buffer.from(JSON.stringify({ ...claims, preference: 'email_on_status' })).toString('base64url');
    const victim = Buffer.from(JSON.stringify({ ...claims, id: idOf(actors['other member']) })).toString('base64url');
    for (const forged of [
      `${header}.${other}.${signature}`,
      `${header}.${victim}.${signature}`,
      `${token.slice(0, -3)}abc`,
      'x',
      '',
    ]) {
      const answer = await postOneClick(forged);
      expect(answer.status, forged).toBe(400);
    }
    expect(await preferences(member)).toMatchObject({ comment_emails: 'instant', status_emails: 'instant' });
    expect(await preferences(actors['other member'])).toMatchObject({ status_emails: 'instant' });
    const answer = await postOneClick(token);
    expect(answer.status).toBe(200);
    expect(await preferences(member)).toMatchObject({
      comment_emails: 'off',
      email_on_comment: false,
      status_emails: 'instant',
    });
  });
});

/** What a mail app does with List-Unsubscribe-Post: a form POST to PocketBase's route, no sign-in. */
function postOneClick(token: string) {
  return fetch(`${pb.url}/api/chorus/unsubscribe?token=${encodeURIComponent(token)}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: 'List-Unsubscribe=One-Click',
  });
}
/** The token in a message's List-Unsubscribe address. */
function tokenOf(message: Mail): string {
  const url = new URL(String(message.headers['list-unsubscribe']).slice(1, -1));
  return url.searchParams.get('token') ?? '';
}
async function oneClick(message: Mail) {
  const answer = await postOneClick(tokenOf(message));
  expect(answer.status).toBe(200);
}
