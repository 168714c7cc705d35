// Release emails for anyone (issue #25, item 6): nobody reads or writes changelog_subscribers but through the
// routes; double opt-in in the visitor's language; per-recipient and per-address brakes; forged links refused;
// one-click unsubscribe without signing in; each release in the subscriber's language with the RFC 8058
// headers; nothing after unsubscribing; one email per release for a member who is also a subscriber.
import { createHmac } from 'node:crypto';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { heldSession, startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { type Actors, allowed, createActors, createBoard, createPost, expectAccess, idOf } from '../../support/world';

type Mail = { to: string; subject: string; text: string; html: string; headers: Record<string, string> };
const APP_URL = 'http://chorus.test';
let pb: TestPocketBase;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let actors: Actors;
beforeAll(async () => {
  mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
  pb = await startTestPocketBase({ smtpPort: mail.smtpPort, appUrl: APP_URL });
  actors = await createActors(pb);
});
afterAll(async () => {
  await pb?.stop();
  await mail?.close();
});

let counter = 0;
const address = (name: string) => `${name}-${++counter}-${Date.now()}@example.com`;
const subscribe = (email: unknown, locale = 'en', client: PocketBase = pb.visitor()) =>
  client.send('/api/chorus/changelog/subscribe', { method: 'POST', body: { email, locale } });
const post = (path: string, token: string, client: PocketBase = pb.visitor()) =>
  client.send(`/api/chorus/changelog/${path}`, { method: 'POST', body: { token } });
const mailsTo = (email: string) => mail.messages.filter((m: Mail) => m.to.includes(email));
const tokenIn = (message: Mail, path: string) => {
  const link = message.text.match(new RegExp(`${APP_URL}/changelog-emails/${path}\\?token=(\\S+)`))?.[1] ?? '';
  return decodeURIComponent(link);
};
const rowOf = (email: string) => pb.admin.collection('changelog_subscribers').getFirstListItem(`email = "${email}"`);

async function confirmed(email: string, locale = 'en') {
  await subscribe(email, locale);
  const message = await mail.waitFor((m: Mail) => m.to.includes(email) && m.text.includes('/confirm?token='));
  await post('confirm', tokenIn(message, 'confirm'));
  return message;
}

/** Publishes a release and waits until its mailing to subscribers has gone out. */
async function publish(fields: Record<string, unknown> = {}): Promise<RecordModel> {
  const slug = `release-${Math.random().toString(36).slice(2, 8)}`;
  const entry = await actors.moderator
    .collection('changelog_entries')
    .create({ title: `Release ${slug}`, slug, body: 'Faster **search**.', state: 'published', ...fields });
  const deadline = Date.now() + 20_000;
  for (;;) {
    const mailing = await pb.admin.collection('changelog_mailings').getFirstListItem(`entry = "${entry.id}"`);
    if (mailing.status === 'done') return entry;
    if (Date.now() > deadline) throw new Error('The release mailing did not finish');
    await new Promise((r) => setTimeout(r, 100));
  }
}

describe('changelog_subscribers and changelog_mailings access', () => {
  it.each(['changelog_subscribers', 'changelog_mailings'])('%s: no client reads or writes a row', async (name) => {
    const email = address('matrix');
    await confirmed(email);
    const row = name === 'changelog_subscribers' ? await rowOf(email) : (await publish()) && null;
    const target =
      row ?? (await pb.admin.collection('changelog_mailings').getList(1, 1, { sort: '-created' })).items[0];
    const nobody = allowed();
    const rows = (actor: keyof Actors) => actors[actor].collection(name);
    await expectAccess((a) => rows(a).getList(1, 10), nobody, 'list');
    await expectAccess((a) => rows(a).getOne(String(target?.id)), nobody, 'view');
    await expectAccess((a) => rows(a).create({ email: address('made'), token_key: 'x', status: 'pending' }), nobody);
    await expectAccess((a) => rows(a).update(String(target?.id), { unsubscribed: true, status: 'done' }), nobody);
    await expectAccess((a) => rows(a).delete(String(target?.id)), nobody, 'delete');
    // A list the rules lock refuses with 403 for everyone, signed in or not (PocketBase answers lists of
    // superuser-only collections so); the row is untouched.
    if (row) expect((await rowOf(email)).unsubscribed).toBe(false);
  });
});

describe('the subscriber count', () => {
  it('staff read how many confirmed addresses there are, never which; nobody else reads it', async () => {
    const count = (actor: keyof Actors) =>
      actors[actor].send<{ confirmed: number }>('/api/chorus/changelog/subscribers/count', { method: 'GET' });
    await expectAccess((a) => count(a), allowed('moderator', 'admin'));
    const before = (await count('admin')).confirmed;
    await subscribe(address('pending')); // unconfirmed: not counted
    await confirmed(address('counted'));
    const answer = await count('moderator');
    expect(answer).toEqual({ confirmed: before + 1 });
  });
});

describe('double opt-in', () => {
  it('a new address gets one confirmation email in its language, and releases only once confirmed', async () => {
    const email = address('fan');
    expect(await subscribe(email, 'de')).toEqual({ ok: true });
    const confirmation = await mail.waitFor((m: Mail) => m.to.includes(email));
    expect(confirmation.subject).toContain('Bestätige');
    expect(confirmation.html).toContain('lang="de"');
    expect((await rowOf(email)).confirmed_at).toBe('');

    await publish();
    expect(mailsTo(email)).toHaveLength(1); // unconfirmed: no release

    expect(await post('confirm', tokenIn(confirmation, 'confirm'))).toEqual({ confirmed: true });
    expect((await rowOf(email)).confirmed_at).not.toBe('');
    const entry = await publish({ title: 'Dunkler Modus' });
    const release = mailsTo(email).find((m: Mail) => m.subject.includes('Dunkler Modus'));
    expect(release?.subject).toBe('Neu bei Chorus: Dunkler Modus');
    expect(release?.text).toContain(`${APP_URL}/changelog/${entry.slug}`);
    expect(release?.text).toContain('Faster **search**.');
    const unsubscribeUrl = `${APP_URL}/changelog-emails/unsubscribe?token=${encodeURIComponent(tokenIn(release as Mail, 'unsubscribe'))}`;
    expect(release?.headers['list-unsubscribe']).toBe(`<${unsubscribeUrl}>`);
    expect(release?.headers['list-unsubscribe-post']).toBe('List-Unsubscribe=One-Click');
    // The confirm link is used up once used.
    await expect(post('confirm', tokenIn(confirmation, 'confirm'))).rejects.toMatchObject({ status: 400 });
  });

  it('answers the same for a confirmed address, and sends it nothing', async () => {
    const email = address('known');
    await confirmed(email);
    const before = mailsTo(email).length;
    expect(await subscribe(email)).toEqual({ ok: true });
    expect(await subscribe(email.toUpperCase())).toEqual({ ok: true });
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(email)).toHaveLength(before);
  });
});

describe('abuse', () => {
  it('sends a stranger at most one confirmation an hour and three a day, whoever asks', async () => {
    const stranger = address('stranger');
    for (let i = 0; i < 4; i += 1) expect(await subscribe(stranger, 'en', pb.visitor())).toEqual({ ok: true });
    await mail.waitFor((m: Mail) => m.to.includes(stranger));
    await new Promise((r) => setTimeout(r, 500));
    expect(mailsTo(stranger)).toHaveLength(1);
    // An hour later (moved back by the superuser), one more each time, up to three in the day.
    for (const expected of [2, 3, 3]) {
      const row = await rowOf(stranger);
      const hourAgo = new Date(Date.now() - 3601_000).toISOString().replace('T', ' ');
      await pb.admin.collection('changelog_subscribers').update(row.id, { confirm_last_at: hourAgo });
      await subscribe(stranger, 'en', pb.visitor());
      // The mailer sends beside the request: wait for the one expected (10 s on a busy machine), then for none more.
      for (let waited = 0; mailsTo(stranger).length < expected && waited < 10_000; waited += 100) {
        await new Promise((r) => setTimeout(r, 100));
      }
      await new Promise((r) => setTimeout(r, 500));
      expect(mailsTo(stranger)).toHaveLength(expected);
    }
  });

  it('refuses an address asking too often, with the same answer otherwise', async () => {
    const client = pb.visitor();
    for (let i = 0; i < 10; i += 1) await subscribe(address('burst'), 'en', client);
    await expect(subscribe(address('burst'), 'en', client)).rejects.toMatchObject({ status: 429 });
    expect(await subscribe(address('burst'), 'en', pb.visitor())).toEqual({ ok: true });
  });

  it.each([
    ['nothing', undefined],
    ['a number', 42],
    ['a list', ['a@example.com']],
    ['no domain', 'someone@'],
    ['no dot in the domain', 'someone@localhost'],
    ['a header injection', 'a@example.com\r\nBcc: victim@example.com'],
    ['angle brackets', '<a@example.com>'],
    ['two addresses', 'a@example.com,b@example.com'],
    ['an oversized address', `${'a'.repeat(250)}@example.com`],
  ])('refuses %s as an email address', async (_, email) => {
    // The site sends the page's language (Accept-Language): the refusal comes back in it.
    const answer = pb.visitor().send('/api/chorus/changelog/subscribe', {
      method: 'POST',
      body: { email, locale: 'fr' },
      headers: { 'Accept-Language': 'fr' },
    });
    await expect(answer).rejects.toMatchObject({
      status: 400,
      response: { code: 'changelogEmailInvalid', data: { email: { message: 'Saisissez une adresse e-mail valide.' } } },
    });
  });

  it('refuses forged, tampered, misused and revoked links', async () => {
    const email = address('target');
    const confirmation = await confirmed(email);
    const row = await rowOf(email);
    const b64 = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
    const body = `${b64({ alg: 'HS256', typ: 'JWT' })}.${b64({ type: 'changelog-unsubscribe', id: row.id, exp: 4e9 })}`;
    const forged = `${body}.${createHmac('sha256', 'guessed').update(body).digest('base64url')}`;
    const real = tokenIn(confirmation, 'confirm');
    const [head, , signature] = real.split('.');
    const tampered = `${head}.${b64({ type: 'changelog-unsubscribe', id: row.id, exp: 4e9 })}.${signature}`;
    for (const token of [forged, tampered, real, 'not-a-token', '']) {
      await expect(post('unsubscribe', token)).rejects.toMatchObject({
        status: 400,
        response: { code: 'changelogLinkInvalid' },
      });
    }
    expect((await rowOf(email)).unsubscribed).toBe(false);
  });
});

describe('releases and unsubscribing', () => {
  it('one-click POST without signing in stops the emails; the old link then stops working', async () => {
    const email = address('leaver');
    await confirmed(email, 'ja');
    await publish({ title: 'ダークモード' });
    const release = mailsTo(email).find((m: Mail) => m.subject.includes('ダークモード')) as Mail;
    expect(release.subject).toBe('Chorus の新着: ダークモード');
    const token = tokenIn(release, 'unsubscribe');
    expect(await post('unsubscribe', token)).toEqual({ unsubscribed: true });
    expect((await rowOf(email)).unsubscribed).toBe(true);
    const count = mailsTo(email).length;
    await publish();
    expect(mailsTo(email)).toHaveLength(count);
    await expect(post('unsubscribe', token)).rejects.toMatchObject({ status: 400 });
  });

  it('a member notified of the release by email gets one email, the member one', async () => {
    const board = await createBoard(pb, 'public');
    const member = await pb.actor('member');
    const memberEmail = String(member.authStore.record?.email);
    const idea = await createPost(pb, board, actors.member);
    await member.collection('votes').create({ post: idea.id, user: idOf(member) });
    await confirmed(memberEmail);
    // Another member subscribed by email but not following the idea still gets the subscriber email.
    const bystander = await pb.actor('member');
    const bystanderEmail = String(bystander.authStore.record?.email);
    await confirmed(bystanderEmail);

    await publish({ title: 'Shipped once', posts: [idea.id] });
    await mail.waitFor((m: Mail) => m.to.includes(memberEmail) && m.subject.includes('Shipped once'));
    await mail.waitFor((m: Mail) => m.to.includes(bystanderEmail) && m.subject.includes('Shipped once'));
    const toMember = mailsTo(memberEmail).filter((m: Mail) => m.subject.includes('Shipped once'));
    expect(toMember.map((m: Mail) => m.subject)).toEqual(['Shipped: Shipped once']);
    const mailing = await pb.admin.collection('changelog_mailings').getFirstListItem(`status = "done"`, {
      sort: '-created',
    });
    expect(mailing.skipped).toBeGreaterThanOrEqual(1);
  });

  it('a stranger’s unconfirmed account at a subscriber’s address takes none of their releases', async () => {
    const board = await createBoard(pb, 'public');
    const idea = await createPost(pb, board, actors.member);
    // A stranger pre-registers the subscriber's address (never confirmed) and votes, so the release notifies it.
    const email = address('owner');
    const stranger = pb.visitor();
    const password = 'stranger password 1';
    await stranger.collection('users').create({ name: 'Stranger', email, password, passwordConfirm: password });
    // Unconfirmed, the password signs nobody in (issue 55): a session held from before.
    await heldSession(pb, stranger, email, password);
    await stranger.collection('votes').create({ post: idea.id, user: idOf(stranger) });
    // The address's owner subscribes to releases and confirms the subscription from their inbox.
    await confirmed(email);
    await publish({ title: 'Owner gets it', posts: [idea.id] });
    const releases = mailsTo(email).filter((m: Mail) => m.subject.includes('Owner gets it'));
    expect(releases.map((m: Mail) => m.text.includes('/changelog-emails/unsubscribe'))).toEqual([true]);
  });
});
