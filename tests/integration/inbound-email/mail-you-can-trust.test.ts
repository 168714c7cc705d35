// Mail you can trust (issue 55), as an attacker tries it against the real local SMTP listener and a real PocketBase:
// a From header is believed only when the message is authenticated for it (DKIM signed with a test key published
// in a local DNS stand-in, or SPF for this machine); a forged one posts nothing and its victim is asked "Did you
// send this?"; email meets the web's doors (closed sign-ups, Turnstile by the link, spam holds, staff names);
// signing in after a sign-up tells nobody which address was taken; staff look-ups are counted and audited.
import { createHmac } from 'node:crypto';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveEmail } from '../../../src/features/inbound-email/email-handler';
import { dkimKey, dkimSign } from '../../support/dkim';
import { routedMessage } from '../../support/email-routing';
import { INBOUND_DOMAIN as DOMAIN, type InboundMailWorld, startInboundMailWorld } from '../../support/inbound-mail';
import type { TestPocketBase } from '../../support/pocketbase';
import { mimeMessage, sendRaw } from '../../support/smtp-send';
import { startTurnstileStandIn } from '../../support/turnstile-stand-in';
import { createBoard, createPost, idOf } from '../../support/world';

// acme.test: a company whose mail leaves from 192.0.2.0/24 (never this machine) and is DKIM-signed.
const acmeKey = dkimKey('acme.test');
let world: InboundMailWorld;
let pb: TestPocketBase;
let mail: InboundMailWorld['mail'];
let inbound: InboundMailWorld['inbound'];
let turnstile: Awaited<ReturnType<typeof startTurnstileStandIn>>;
let board: RecordModel;
let boardAddress: string;
let admin: RecordModel;

beforeAll(async () => {
  turnstile = await startTurnstileStandIn({ secret: 'stand-in-secret-0123456789', hostname: 'chorus.test' });
  world = await startInboundMailWorld({
    records: {
      'chorus.test': { TXT: ['v=spf1 ip4:127.0.0.1 -all'] },
      'acme.test': { TXT: ['v=spf1 ip4:192.0.2.0/24 -all'] },
      [acmeKey.recordName]: { TXT: [acmeKey.record] },
      'strict.test': { TXT: ['v=spf1 ip4:192.0.2.0/24 -all'] },
      '_dmarc.strict.test': { TXT: ['v=DMARC1; p=reject'] },
    },
    env: { CHORUS_TURNSTILE_VERIFY_URL: turnstile.url },
  });
  ({ pb, mail, inbound } = world);
  board = await createBoard(pb, 'public');
  const staff = await pb.actor('admin', { email: 'alex@acme.test', name: 'Alex Rivera' });
  admin = staff.authStore.record as RecordModel;
  boardAddress = await world.boardAddress(board.id);
}, 120_000);
afterAll(async () => {
  await world?.stop();
  await turnstile?.stop();
});

let sequence = 0;
/** A raw message (CRLF) from `from`, with a title of its own. */
function message(from: string, to: string, text = 'Please.') {
  sequence += 1;
  const subject = `Attack ${sequence} ${Date.now().toString(36)}`;
  return { subject, raw: mimeMessage({ from, to, subject, text }) };
}
const ideasTitled = (title: string) =>
  pb.admin.collection('posts').getFullList({ filter: pb.admin.filter('title = {:title}', { title }) });
const commentsBy = (post: string, author: string) =>
  pb.admin
    .collection('comments')
    .getFullList({ filter: pb.admin.filter('post = {:p} && author = {:a}', { p: post, a: author }) });
/** The "Did you send this?" link mailed to `address` about `subject`. */
async function confirmationLink(address: string, subject: string) {
  const sent = await mail.waitFor(
    (m: { to: string; text: string }) => m.to.includes(address) && m.text.includes(subject),
  );
  expect(sent.subject).toMatch(/Did you send this/);
  return (
    new URL(String(/https?:\/\/\S+\/email\/confirm\?token=\S+/.exec(sent.text)?.[0])).searchParams.get('token') ?? ''
  );
}
const confirm = (token: string, turnstile_token = '') =>
  fetch(`${pb.url}/api/chorus/inbound-email/confirm`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token, turnstile_token }),
  });
/** A notification's Reply-To for `post` and `member`, as a forwarded notification shows it. */
function replyAddress(post: string, member: string) {
  const key = createHmac('sha256', pb.proxySecret).update('chorus-inbound-email').digest('hex');
  const signature = createHmac('sha256', key).update(`reply:${post}:${member}`).digest('hex').slice(0, 24);
  return `r.${post}.${member}.${signature}@${DOMAIN}`;
}

describe('a forged From', () => {
  it('a stranger mails the board as the admin: nothing is posted; the admin is asked, and only their link posts it', async () => {
    const { subject, raw } = message('Alex Rivera <alex@acme.test>', boardAddress);
    expect(await sendRaw(inbound.port, 'mallory@evil.test', boardAddress, raw)).toBe('sent');
    expect(await ideasTitled(subject)).toHaveLength(0);
    const token = await confirmationLink('alex@acme.test', subject);
    // Without the link, nothing: a wrong token is refused.
    expect((await confirm('not-the-token')).status).toBe(404);
    const waiting = await pb.visitor().send('/api/chorus/inbound-email/waiting', { query: { token } });
    expect(waiting).toMatchObject({ kind: 'idea', subject, sender: 'alex@acme.test', human: false });
    // The admin (who reads alex@acme.test) did send it after all: the link posts it, once.
    const posted = await confirm(token);
    expect(posted.status).toBe(200);
    expect(await ideasTitled(subject)).toMatchObject([{ author: admin.id, board: board.id }]);
    expect((await confirm(token)).status).toBe(404);
  });

  it('a burst of guessed links finds nothing, costs an index look-up each, and leaves the real link working', async () => {
    const { subject, raw } = message('Dana <dana@acme.test>', boardAddress);
    expect(await sendRaw(inbound.port, 'mallory@evil.test', boardAddress, raw)).toBe('sent');
    const token = await confirmationLink('dana@acme.test', subject);
    const guesses = Array.from({ length: 60 }, (_, i) => `${token.slice(0, -4)}${String(i).padStart(4, '0')}`);
    const started = performance.now();
    const answers = await Promise.all(
      guesses.flatMap((guess) => [
        confirm(guess).then((r) => r.status),
        fetch(`${pb.url}/api/chorus/inbound-email/waiting?token=${guess}`).then((r) => r.status),
      ]),
    );
    const perRequest = (performance.now() - started) / answers.length;
    console.log(`A guessed inbound link, answered: ${perRequest.toFixed(2)} ms a request (${answers.length} at once)`);
    expect(new Set(answers)).toEqual(new Set([404]));
    expect(await ideasTitled(subject)).toHaveLength(0);
    expect((await confirm(token)).status).toBe(200);
    expect(await ideasTitled(subject)).toHaveLength(1);
  });

  it('the admin’s own DKIM-signed mail is theirs at once; the same mail altered on the way waits', async () => {
    const signed = message('Alex Rivera <alex@acme.test>', boardAddress);
    expect(await sendRaw(inbound.port, 'bounces@acme.test', boardAddress, dkimSign(signed.raw, acmeKey))).toBe('sent');
    expect(await ideasTitled(signed.subject)).toMatchObject([{ author: admin.id }]);

    const altered = message('Alex Rivera <alex@acme.test>', boardAddress, 'Original words.');
    const tampered = dkimSign(altered.raw, acmeKey).replace(
      Buffer.from('Original words.').toString('base64'),
      Buffer.from('Wire money now!').toString('base64'),
    );
    expect(await sendRaw(inbound.port, 'bounces@acme.test', boardAddress, tampered)).toBe('sent');
    expect(await ideasTitled(altered.subject)).toHaveLength(0);
  });

  it('a stranger forges a domain whose DMARC policy says reject: refused outright, nobody is mailed', async () => {
    const { subject, raw } = message('ceo@strict.test', boardAddress);
    expect(await sendRaw(inbound.port, 'mallory@evil.test', boardAddress, raw)).toBe(550);
    expect(await ideasTitled(subject)).toHaveLength(0);
  });

  it('a stranger who saw a member’s reply address replies as them: no comment; the member is asked', async () => {
    const victim = await pb.actor('member', { email: 'bo@acme.test', name: 'Bo' });
    const idea = await createPost(pb, board, victim, { title: `Bo's idea ${Date.now()}` });
    const to = replyAddress(idea.id, idOf(victim));
    const { subject, raw } = message('Bo <bo@acme.test>', to, 'I take it back, delete this idea.');
    expect(await sendRaw(inbound.port, 'mallory@evil.test', to, raw)).toBe('sent');
    expect(await commentsBy(idea.id, idOf(victim))).toHaveLength(0);
    expect(await confirmationLink('bo@acme.test', subject)).not.toBe('');
  });

  it('the victim of many forgeries is asked three times a day at most; the rest is refused', async () => {
    const answers = [];
    for (let i = 0; i < 4; i++) {
      const { raw } = message('victim@acme.test', boardAddress);
      answers.push(await sendRaw(inbound.port, 'mallory@evil.test', boardAddress, raw));
    }
    expect(answers).toEqual(['sent', 'sent', 'sent', 550]);
  });
});

describe('the web’s doors, by email', () => {
  it('a new member’s emailed reply with a link is held for review, as on the web', async () => {
    const newcomer = await pb.actor('member');
    const author = await pb.actor('member');
    const idea = await createPost(pb, board, author, { title: `Held reply ${Date.now()}` });
    const to = replyAddress(idea.id, idOf(newcomer));
    const email = String(newcomer.authStore.record?.email);
    const { raw } = message(email, to, 'Great deals at https://cheap-pills.example today');
    expect(await sendRaw(inbound.port, email, to, raw)).toBe('sent');
    expect(await commentsBy(idea.id, idOf(newcomer))).toMatchObject([{ hidden: true, held_for: expect.any(String) }]);
    expect((await commentsBy(idea.id, idOf(newcomer)))[0]?.held_for).not.toBe('');
  });

  it('a new sender named like the admin gets a name of their own', async () => {
    const { subject, raw } = message('"Alex Rivera" <alex.r@chorus.test>', boardAddress);
    expect(await sendRaw(inbound.port, 'alex.r@chorus.test', boardAddress, raw)).toBe('sent');
    const [idea] = await ideasTitled(subject);
    const author = await pb.admin.collection('users').getOne(String(idea?.author));
    expect(author.name).toBe('alex.r');
  });

  it('with sign-ups closed, an unknown sender is refused; members still post', async () => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    await pb.admin.collection('site').update(site.id, { allow_signups: false });
    try {
      const stranger = message('newcomer@chorus.test', boardAddress);
      expect(await sendRaw(inbound.port, 'newcomer@chorus.test', boardAddress, stranger.raw)).toBe(550);
      expect(await ideasTitled(stranger.subject)).toHaveLength(0);
      const member = await pb.actor('member');
      const email = String(member.authStore.record?.email);
      const known = message(email, boardAddress);
      expect(await sendRaw(inbound.port, email, boardAddress, known.raw)).toBe('sent');
      expect(await ideasTitled(known.subject)).toHaveLength(1);
    } finally {
      await pb.admin.collection('site').update(site.id, { allow_signups: true });
    }
  });

  it('with Turnstile on, an unknown sender’s idea waits for their link, which asks for Turnstile', async () => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    const guard = await pb.admin.collection('spam_guard').getFirstListItem('');
    await pb.admin.collection('site').update(site.id, { turnstile_site_key: '1x00000000000000000000AA' });
    await pb.admin.collection('spam_guard').update(guard.id, { new_turnstile_secret: 'stand-in-secret-0123456789' });
    try {
      const { subject, raw } = message('human@chorus.test', boardAddress);
      expect(await sendRaw(inbound.port, 'human@chorus.test', boardAddress, raw)).toBe('sent');
      expect(await ideasTitled(subject)).toHaveLength(0);
      const token = await confirmationLink('human@chorus.test', subject);
      expect(await pb.visitor().send('/api/chorus/inbound-email/waiting', { query: { token } })).toMatchObject({
        human: true,
      });
      expect((await confirm(token)).status).toBe(400);
      expect(await ideasTitled(subject)).toHaveLength(0);
      expect((await confirm(token, turnstile.issue('chorus.test'))).status).toBe(200);
      const [idea] = await ideasTitled(subject);
      // The link proved the address: the new member is confirmed.
      expect(await pb.admin.collection('users').getOne(String(idea?.author))).toMatchObject({ verified: true });
    } finally {
      await pb.admin.collection('site').update(site.id, { turnstile_site_key: '' });
    }
  });
});

describe('no account oracle after sign-up', () => {
  it('signing in right after a sign-up answers the same for a taken and a new address', async () => {
    const taken = await pb.actor('member');
    const takenEmail = String(taken.authStore.record?.email);
    const fresh = `fresh-${Date.now()}@chorus.test`;
    const password = 'the stranger’s password 1';
    const attempt = async (email: string) => {
      await fetch(`${pb.url}/api/collections/users/records`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ email, password, passwordConfirm: password, name: 'Prober' }),
      });
      const answer = await fetch(`${pb.url}/api/collections/users/auth-with-password`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify({ identity: email, password }),
      });
      return [answer.status, await answer.text()];
    };
    const [takenAnswer, freshAnswer] = [await attempt(takenEmail), await attempt(fresh)];
    expect(takenAnswer).toEqual(freshAnswer);
    expect(takenAnswer[0]).toBe(400);
  });
});

describe('the staff look-up', () => {
  it('resolves customers, leaves an audit entry per look-up (never the address) and is counted per staff member', async () => {
    const moderator = await pb.actor('moderator');
    const customer = await pb.actor('member');
    const idea = await createPost(pb, board, customer, { title: `On behalf ${Date.now()}` });
    const voteFor = (email: string) =>
      moderator.send(`/api/chorus/posts/${idea.id}/vote-on-behalf`, { method: 'POST', body: { email } }).then(
        () => 200,
        (error: { status: number }) => error.status,
      );
    expect([200, 201]).toContain(await voteFor(String(customer.authStore.record?.email)));
    expect(await voteFor('alex@acme.test')).toBe(400); // a staff address resolves for no one
    const trail = await pb.admin.collection('audit_entries').getFullList({
      filter: pb.admin.filter('action = "user.lookup_by_email" && actor = {:a}', { a: idOf(moderator) }),
      sort: 'created',
    });
    expect(trail.map((entry) => [entry.target_id, entry.after?.result])).toEqual([
      [idOf(customer), 'found'],
      ['', 'refused'],
    ]);
    expect(JSON.stringify(trail)).not.toContain('@');
    let answer = 0;
    // The cheapest look-ups (a staff address, refused) until the allowance of 120 an hour is spent.
    for (let i = 0; i < 120 && answer !== 429; i++) answer = await voteFor('alex@acme.test');
    expect(answer).toBe(429);
  });
});

describe("the Worker's email() path", () => {
  const routed = routedMessage;
  const env = () => ({ PB_URL: pb.url, CHORUS_PROXY_SECRET: pb.proxySecret });

  it('believes Email Routing’s verdict on top, never one the sender wrote below it', async () => {
    const verdict = (result: string) =>
      `Authentication-Results: mx.cloudflare.net; spf=none; dkim=none; dmarc=${result} header.from=acme.test`;
    const genuine = message('Alex Rivera <alex@acme.test>', boardAddress);
    await receiveEmail(routed('bounces@acme.test', boardAddress, `${verdict('pass')}\r\n${genuine.raw}`), env());
    expect(await ideasTitled(genuine.subject)).toMatchObject([{ author: admin.id }]);

    // Email Routing's own "fail" on top, the attacker's "pass" inside the message.
    const forged = message('Alex Rivera <alex@acme.test>', boardAddress);
    const raw = `${verdict('fail')}\r\n${verdict('pass')}\r\n${forged.raw}`;
    const handed = routed('mallory@evil.test', boardAddress, raw);
    await receiveEmail(handed, env());
    expect(handed.rejected).toBe('');
    expect(await ideasTitled(forged.subject)).toHaveLength(0);
  });
});
