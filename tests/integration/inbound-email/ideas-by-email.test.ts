// Ideas by email against a real PocketBase through the real local SMTP listener: an email to a board's address
// becomes an idea held for review (a moderator's approval publishes it), from its member or from a new unverified
// one, with its images and without its other files; a reply to a notification becomes the replier's comment,
// quoted text and signature left out; forged reply addresses, auto-replies and oversized messages get nothing in;
// a sender's 30 messages an hour and a board's 100 new senders an hour are proven at their number.
// The senders' domains publish SPF for this machine in a local DNS stand-in, so each message is authenticated for
// its From address as real mail is (what happens to mail that is not: mail-you-can-trust.test.ts).
import { createHmac } from 'node:crypto';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { receiveEmail } from '../../../src/features/inbound-email/email-handler';
import { handOver, signEmailProof } from '../../../tools/lib/inbound-smtp.mjs';
import { routedMessage } from '../../support/email-routing';
import { noisyPng } from '../../support/images';
import { INBOUND_DOMAIN as DOMAIN, type InboundMailWorld, startInboundMailWorld } from '../../support/inbound-mail';
import type { TestPocketBase } from '../../support/pocketbase';
import { mimeMessage, type OutgoingEmail, sendEmail, sendRaw } from '../../support/smtp-send';
import { createBoard, createComment, createPost, idOf } from '../../support/world';

let world: InboundMailWorld;
let pb: TestPocketBase;
let mail: InboundMailWorld['mail'];
let inbound: InboundMailWorld['inbound'];
let board: RecordModel;
let boardAddress: string;
let moderator: PocketBase;

beforeAll(async () => {
  const thisMachine = { TXT: ['v=spf1 ip4:127.0.0.1 -all'] };
  world = await startInboundMailWorld({ records: { 'chorus.test': thisMachine, 'example.com': thisMachine } });
  ({ pb, mail, inbound } = world);
  board = await createBoard(pb, 'public');
  moderator = await pb.actor('moderator');
  boardAddress = await world.boardAddress(board.id);
}, 120_000);
afterAll(async () => {
  await world?.stop();
});

const emailOf = (client: PocketBase) => String(client.authStore.record?.email);
const ideasTitled = (title: string) =>
  pb.admin.collection('posts').getFullList({ filter: pb.admin.filter('title = {:title}', { title }) });
const commentsOn = (post: string) =>
  pb.admin.collection('comments').getFullList({ filter: pb.admin.filter('post = {:post}', { post }), sort: 'created' });
/** What the listener answered a message: 'sent', or the SMTP reply code it refused with. */
const send = (message: OutgoingEmail) => sendEmail(inbound.port, message);

describe('an email to a board', () => {
  it('becomes an idea held for review, with its images and not its other files; approving it publishes it', async () => {
    expect(boardAddress).toMatch(new RegExp(`^b\\.${board.id}\\.[a-f0-9]{20}@${DOMAIN.replace(/\./g, '\\.')}$`));
    const member = await pb.actor('member', { name: 'Ada' });
    const started = performance.now();
    const answer = await send({
      from: `Ada <${emailOf(member)}>`,
      to: boardAddress,
      subject: 'Export to CSV by email',
      text: 'Please let us export ideas.\n\nThanks',
      attachments: [
        { filename: 'screen.png', content: noisyPng(40, 30), contentType: 'image/png' },
        { filename: 'notes.txt', content: Buffer.from('not an image'), contentType: 'text/plain' },
        { filename: 'fake.png', content: Buffer.from('not a png at all'), contentType: 'image/png' },
      ],
    });
    const [idea] = await ideasTitled('Export to CSV by email');
    const latency = performance.now() - started;
    console.log(`Inbound email to idea in the queue: ${latency.toFixed(0)} ms`);
    expect(answer).toBe('sent');
    expect(idea).toMatchObject({ author: idOf(member), board: board.id, approved: false });
    expect(idea?.body).toBe('Please let us export ideas.\n\nThanks');
    expect(idea?.images).toHaveLength(1);
    // Held: nobody but staff sees it until a moderator approves it (the queue's own control).
    await expect(pb.visitor().collection('posts').getOne(String(idea?.id))).rejects.toMatchObject({ status: 404 });
    const queue = await moderator
      .collection('posts')
      .getFullList({ filter: `approved = false && board = "${board.id}"` });
    expect(queue.map((p) => p.id)).toContain(idea?.id);
    await moderator.collection('posts').update(String(idea?.id), { approved: true });
    expect(await pb.visitor().collection('posts').getOne(String(idea?.id))).toMatchObject({ approved: true });
  });

  it('from an unknown address creates an unverified member whose idea waits', async () => {
    const stranger = `stranger-${Date.now()}@example.com`;
    expect(
      await send({ from: `Grace Hopper <${stranger}>`, to: boardAddress, subject: 'Dark mode', text: 'Please' }),
    ).toBe('sent');
    const newcomer = await pb.admin
      .collection('users')
      .getFirstListItem(pb.admin.filter('email = {:e}', { e: stranger }));
    expect(newcomer).toMatchObject({ verified: false, role: 'member', name: 'Grace Hopper' });
    const [idea] = await ideasTitled('Dark mode');
    expect(idea).toMatchObject({ author: newcomer.id, approved: false });
  });

  it('is dropped, with a log line, when it is an auto-reply or our own notification coming back', async () => {
    const member = await pb.actor('member');
    const from = emailOf(member);
    const autoReply = { from, to: boardAddress, subject: 'Out of office', text: 'Away until Monday' };
    expect(await send({ ...autoReply, headers: { 'Auto-Submitted': 'auto-replied' } })).toBe('sent');
    expect(await send({ ...autoReply, subject: 'Bulk', headers: { Precedence: 'bulk' } })).toBe('sent');
    expect(await send({ ...autoReply, subject: 'Ours', headers: { 'X-Chorus-Notification': '1' } })).toBe('sent');
    for (const title of ['Out of office', 'Bulk', 'Ours']) expect(await ideasTitled(title)).toHaveLength(0);
    await expect
      .poll(
        async () =>
          (await pb.admin.logs.getList(1, 10, { filter: 'message = "Inbound email dropped"' })).items.map(
            (entry) => entry.data.reason,
          ),
        { timeout: 15_000, interval: 500 },
      )
      .toEqual(expect.arrayContaining(['Auto-Submitted: auto-replied', 'Precedence: bulk']));
  });

  it('is refused when it is over the size limit, and nothing of it is kept', async () => {
    const member = await pb.actor('member');
    const big = Buffer.alloc(11 * 1024 * 1024, 1);
    const answer = await send({
      from: emailOf(member),
      to: boardAddress,
      subject: 'Too big',
      text: 'x',
      attachments: [{ filename: 'big.png', content: big, contentType: 'image/png' }],
    });
    expect([550, 552]).toContain(answer);
    expect(await ideasTitled('Too big')).toHaveLength(0);
  });

  it('is refused at a board address whose signature is wrong, and PocketBase takes no unproved message', async () => {
    const member = await pb.actor('member');
    const forged = boardAddress.replace(/\.([a-f0-9]{20})@/, (_, sig: string) => `.${sig.slice(0, 19)}0@`);
    const wrong =
      forged === boardAddress ? boardAddress.replace(/\.([a-f0-9]{20})@/, '.0000000000000000000a@') : forged;
    expect(await send({ from: emailOf(member), to: wrong, subject: 'Forged board', text: 'x' })).toBe(550);
    const raw = Buffer.from(`From: ${emailOf(member)}\r\nSubject: Unproved\r\n\r\nx`).toString('base64');
    const badProof = signEmailProof('not-the-secret', { from: 'a@b.c', to: boardAddress, digest: 'x' });
    const response = await fetch(`${pb.url}/api/chorus/inbound-email`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ proof: badProof, raw }),
    });
    expect(response.status).toBe(401);
    expect(await ideasTitled('Unproved')).toHaveLength(0);
  });
});

describe('hostile or heavy mail', () => {
  it('refuses a message too malformed to read, keeping nothing', async () => {
    const member = await pb.actor('member');
    const raw = `From: ${emailOf(member)}\r\nSubject: Broken\r\nContent-Type: multipart/mixed\r\n\r\n--x\r\nhalf`;
    expect(await sendRaw(inbound.port, emailOf(member), boardAddress, raw)).toBe(550);
    expect(await ideasTitled('Broken')).toHaveLength(0);
  });

  it('takes a message retried with the same Message-ID once', async () => {
    const member = await pb.actor('member');
    const raw = `From: ${emailOf(member)}\r\nMessage-ID: <retry-${Date.now()}@test.local>\r\nSubject: Retried\r\n\r\nOnce`;
    expect(await sendRaw(inbound.port, emailOf(member), boardAddress, raw)).toBe('sent');
    expect(await sendRaw(inbound.port, emailOf(member), boardAddress, raw)).toBe('sent');
    expect(await ideasTitled('Retried')).toHaveLength(1);
    // Kept in the database with what it made, not in memory: a restart forgets nothing.
    const [idea] = await ideasTitled('Retried');
    const taken = await pb.admin.collection('inbound_messages').getFullList({ filter: `made = "${idea?.id}"` });
    expect(taken.map((row) => row['key'])).toEqual([expect.stringContaining('@test.local>|')]);
  });

  it('takes a message sent twice at once once', async () => {
    const member = await pb.actor('member');
    const raw = `From: ${emailOf(member)}\r\nMessage-ID: <twice-${Date.now()}@test.local>\r\nSubject: Twice at once\r\n\r\nOnce`;
    const answers = await Promise.all([1, 2, 3].map(() => sendRaw(inbound.port, emailOf(member), boardAddress, raw)));
    expect(answers).toEqual(['sent', 'sent', 'sent']);
    expect(await ideasTitled('Twice at once')).toHaveLength(1);
  });

  it('takes 20 ideas in ten minutes from one member, as the web does, then asks the sender to try later; each reaches the queue quickly', async () => {
    const member = await pb.actor('member');
    const timings: number[] = [];
    for (let i = 0; i < 20; i++) {
      const started = performance.now();
      expect(await send({ from: emailOf(member), to: boardAddress, subject: `Burst ${i}`, text: 'One of many' })).toBe(
        'sent',
      );
      timings.push(performance.now() - started);
    }
    // The member's allowance of ideas is the web's (pb_hooks/platform/door.js, platform/limits.js 'posts').
    expect(await send({ from: emailOf(member), to: boardAddress, subject: 'Burst 20', text: 'One too many' })).toBe(
      451,
    );
    const held = await pb.admin
      .collection('posts')
      .getFullList({ filter: pb.admin.filter('author = {:a} && approved = false', { a: idOf(member) }) });
    expect(held).toHaveLength(20);
    timings.sort((a, b) => a - b);
    const at = (q: number) => timings[Math.min(timings.length - 1, Math.floor(q * timings.length))]?.toFixed(0);
    console.log(`Inbound email to idea in the queue, 20 in a row: p50 ${at(0.5)} ms, p95 ${at(0.95)} ms`);
  });
});

describe('a reply to a notification email', () => {
  it('becomes a comment by the member who replies, without the quoted text and signature', async () => {
    const author = await pb.actor('member', { name: 'Author' });
    const commenter = await pb.actor('member', { name: 'Commenter' });
    const idea = await createPost(pb, board, author, { title: 'Reply by email' });
    await createComment(pb, idea, commenter, { body: 'What about Excel?' });
    const notification = await mail.waitFor(
      (m: { to: string; subject: string }) => m.to.includes(emailOf(author)) && m.subject.includes('Reply by email'),
    );
    const replyTo = String(notification.headers['reply-to']);
    expect(replyTo).toMatch(new RegExp(`^r\\.${idea.id}\\.${idOf(author)}\\.[a-f0-9]{24}@`));
    expect(notification.headers['auto-submitted']).toBe('auto-generated');

    const text =
      'Excel too, please.\n\n-- \nAuthor, ACME\n\nOn Tue, Nov 24, 2026 at 10:00 Chorus <no-reply@chorus.test> wrote:\n> What about Excel?\n';
    expect(await send({ from: emailOf(author), to: replyTo, subject: 'Re: Reply by email', text })).toBe('sent');
    const comments = await commentsOn(idea.id);
    expect(comments.map((c) => [c.author, c.body])).toEqual([
      [idOf(commenter), 'What about Excel?'],
      [idOf(author), 'Excel too, please.'],
    ]);

    // Forged: the same address from another member, or the address re-signed for someone else, adds nothing.
    expect(await send({ from: emailOf(commenter), to: replyTo, subject: 'Re', text: 'Me too' })).toBe(550);
    const otherMember = replyTo.replace(idOf(author), idOf(commenter));
    expect(await send({ from: emailOf(commenter), to: otherMember, subject: 'Re', text: 'Me too' })).toBe(550);
    expect(await commentsOn(idea.id)).toHaveLength(2);
  });
});

describe('the inbound limits, at their number (pb_hooks/platform/limits.js)', () => {
  /** PocketBase's answers (the listener says 451 to both 429 and 5xx) to `count` messages, 10 handed over at a time. */
  async function handedOver(count: number, email: (i: number) => OutgoingEmail): Promise<number[]> {
    const out: number[] = [];
    for (let start = 0; start < count; start += 10) {
      const batch = Array.from({ length: Math.min(10, count - start) }, (_, k) => {
        const message = email(start + k);
        const session = { ip: '127.0.0.1', helo: 'test.local' }; // inside SPF's ip4:127.0.0.1
        return handOver(
          { pbUrl: pb.url, proxySecret: pb.proxySecret },
          mimeMessage(message),
          message.from,
          message.to,
          session,
        );
      });
      out.push(...(await Promise.all(batch)).map((answer) => answer.status));
    }
    return out;
  }

  it('inbound-email — 30 messages an hour per sender address, the 31st refused', async () => {
    const replier = await pb.actor('member');
    const idea = await createPost(pb, board, moderator, { title: `Replied to ${Date.now()}` });
    const key = createHmac('sha256', pb.proxySecret).update('chorus-inbound-email').digest('hex');
    const signature = createHmac('sha256', key)
      .update(`reply:${idea.id}:${idOf(replier)}`)
      .digest('hex')
      .slice(0, 24);
    const to = `r.${idea.id}.${idOf(replier)}.${signature}@${DOMAIN}`;
    const started = performance.now();
    // Replies: a member's 40 comments in ten minutes are more than the sender's 30 messages.
    const answers = await handedOver(31, (i) => ({ from: emailOf(replier), to, subject: 'Re', text: `Reply ${i}` }));
    console.log(`inbound-email: 31 messages, ${Math.round(performance.now() - started)} ms`);
    expect(answers.slice(0, 30)).toEqual(Array(30).fill(200));
    expect(answers[30]).toBe(429);
    expect(await commentsOn(idea.id)).toHaveLength(30);
  });

  it('inbound-new-member — 100 members made for unknown senders per board an hour, the 101st refused', async () => {
    const crowded = await createBoard(pb, 'public');
    const to = await world.boardAddress(crowded.id);
    const run = Date.now().toString(36);
    const started = performance.now();
    // The cheapest new senders: an empty message is counted for its board, then refused (400) before an account
    // is made (each made one costs its password's hash, ~0.2 s).
    const answers = await handedOver(101, (i) => ({
      from: `newcomer-${run}-${i}@example.com`,
      to,
      subject: '',
      text: '',
    }));
    console.log(`inbound-new-member: 101 new senders, ${Math.round(performance.now() - started)} ms`);
    expect(answers.slice(0, 100)).toEqual(Array(100).fill(400));
    expect(answers[100]).toBe(429);
    const real = { to, subject: 'Past the count', text: 'Please' };
    expect(await handedOver(1, () => ({ ...real, from: `newcomer-${run}-real@example.com` }))).toEqual([429]);
    expect(await pb.admin.collection('users').getFullList({ filter: `email ~ "newcomer-${run}-"` })).toHaveLength(0);
    // Counted per board, and only for senders without an account.
    const elsewhere = { to: boardAddress, subject: 'Elsewhere', text: 'Please', from: `other-${run}@example.com` };
    expect(await handedOver(1, () => elsewhere)).toEqual([200]);
    const member = await pb.actor('member');
    expect(await handedOver(1, () => ({ ...real, from: emailOf(member) }))).toEqual([200]);
  });
});

describe("the Worker's email() handler (Cloudflare Email Routing)", () => {
  const routed = routedMessage;
  const env = () => ({ PB_URL: pb.url, CHORUS_PROXY_SECRET: pb.proxySecret });

  it('hands a message to the same route: an idea held for review, a forged reply bounced, a big one refused unread', async () => {
    const member = await pb.actor('member');
    const from = emailOf(member);
    // Email Routing's verdict on top, as it adds it (no SPF can be checked here: the Worker has no client address).
    const verdict =
      'Authentication-Results: mx.cloudflare.net; dkim=pass header.d=chorus.test; spf=pass smtp.mailfrom=chorus.test; dmarc=pass header.from=chorus.test';
    const raw = `${verdict}\r\nFrom: ${from}\r\nTo: ${boardAddress}\r\nSubject: Routed by Cloudflare\r\n\r\nFrom the Worker`;
    const taken = routed(from, boardAddress, raw);
    await receiveEmail(taken, env());
    expect(taken.rejected).toBe('');
    expect(await ideasTitled('Routed by Cloudflare')).toMatchObject([{ author: idOf(member), approved: false }]);

    const idea = await createPost(pb, board, member, { title: 'Routed reply' });
    const forgedTo = `r.${idea.id}.${idOf(member)}.${'0'.repeat(24)}@${DOMAIN}`;
    const forged = routed(from, forgedTo, `From: ${from}\r\nSubject: Re\r\n\r\nMe too`);
    await receiveEmail(forged, env());
    expect(forged.rejected).toMatch(/bad reply address signature/);
    expect(await commentsOn(idea.id)).toHaveLength(0);

    const huge = routed(from, boardAddress, raw, 11 * 1024 * 1024);
    await receiveEmail(huge, env());
    expect(huge.rejected).toMatch(/at most/);
    expect(huge.raw.locked).toBe(false);
  });
});
