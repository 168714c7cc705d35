// The answer goes back where the customer asked (issue 58), against a real PocketBase, the local Slack of
// tests/support/slack-server.ts and the mail catcher: when an idea feedback was linked to moves to a status on the
// roadmap, each linked customer is told once per status, in the Slack thread or by email (a reply to their message),
// after the commit, each attempt logged and a failure retried; a source switched off, or an unconfirmed address,
// gets nothing; staff see who was told, and when.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startMailCatcher } from '../../../tools/lib/mail-catcher.mjs';
import { freePort } from '../../../tools/lib/ports.mjs';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { startSlackServer } from '../../support/slack-server';
import { createBoard, createPost } from '../../support/world';

const BOT_TOKEN = 'xoxb-0000000000-0000000000-standinbottoken';
const SUPPORT = 'C0SUPPORT';

let slack: Awaited<ReturnType<typeof startSlackServer>>;
let mail: Awaited<ReturnType<typeof startMailCatcher>>;
let pb: TestPocketBase;
let admin: PocketBase;
let lead: PocketBase;
let board: RecordModel;
let planned: RecordModel;
let done: RecordModel;
let open: RecordModel;

beforeAll(async () => {
  slack = await startSlackServer({ token: BOT_TOKEN });
  mail = await startMailCatcher({ smtpPort: await freePort(), webPort: undefined });
  pb = await startTestPocketBase({
    smtpPort: mail.smtpPort,
    appUrl: 'https://feedback.example.com',
    env: { CHORUS_SLACK_API_URL: slack.apiUrl, CHORUS_FEEDBACK_ANSWER_RETRY_SECONDS: '1' },
  });
  admin = await pb.actor('admin');
  lead = await pb.actor('moderator', { name: 'Sam Support' });
  // Customers with confirmed accounts (an account made by a link is unconfirmed until its owner confirms it).
  await pb.actor('member', { email: 'dana@globex.test', name: 'Dana Scully' });
  await pb.actor('member', { email: 'john@fbi.test', name: 'John Doggett' });
  await pb.actor('member', { email: 'fox@globex.test', name: 'Fox Mulder' });
  board = await createBoard(pb, 'public');
  const status = (slug: string) => pb.admin.collection('statuses').getFirstListItem(`slug = "${slug}"`);
  [planned, done, open] = await Promise.all([status('planned'), status('done'), status('open')]);
  await admin.send('/api/chorus/slack/settings', { method: 'POST', body: { active: true, bot_token: BOT_TOKEN } });
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await slack?.close();
  await mail?.close();
});

let sequence = 0;
/** A captured item, as a source stores it (the capture itself is slack.test.ts's and forwarded-mail.test.ts's). */
function captured(source: 'slack' | 'mail', email: string, fields: Record<string, unknown> = {}) {
  sequence += 1;
  return pb.admin.collection('feedback_items').create({
    source,
    external_id: source === 'slack' ? `${SUPPORT}:1764000000.${String(sequence).padStart(6, '0')}` : '',
    dedupe_key: `answers-test-${sequence}-${Date.now()}`.padEnd(64, '0').slice(0, 64),
    source_url: '',
    author_email: email,
    author_name: email.split('@')[0],
    title: `Request ${sequence}`,
    quote: `Please let us export votes to CSV (${sequence}).`,
    status: 'new',
    ...fields,
  });
}
const link = (item: RecordModel, idea: RecordModel) =>
  lead.send(`/api/chorus/feedback/${item.id}/link`, { method: 'POST', body: { idea: idea.id } });
const setStatus = (idea: RecordModel, status: RecordModel) =>
  lead.collection('posts').update(idea.id, { status: status.id });
const answersOf = (item: RecordModel) =>
  pb.admin.collection('feedback_answers').getFullList({ filter: pb.admin.filter('item = {:id}', { id: item.id }) });

/** Polls `read` until `done` holds (a test fails after 15 s). */
async function until<T>(read: () => Promise<T>, done: (value: T) => boolean): Promise<T> {
  const deadline = Date.now() + 15_000;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`still ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('an idea feedback was linked to moves on', () => {
  let idea: RecordModel;
  let slackItem: RecordModel;
  let mailItem: RecordModel;

  it('tells each customer in their channel: a reply in the Slack thread, an email replying to theirs', async () => {
    idea = await createPost(pb, board, lead, { title: 'Export votes to a CSV spreadsheet' });
    slackItem = await captured('slack', 'dana@globex.test');
    mailItem = await captured('mail', 'john@fbi.test', { external_id: '<original-1@fbi.test>', title: 'Exports' });
    const linkedAt = Date.now();
    await link(slackItem, idea);
    await link(mailItem, idea);
    const changedAt = Date.now();
    await setStatus(idea, planned);
    const email = await mail.waitFor((m: { to: string }) => m.to.includes('john@fbi.test'));
    const posted = await until(
      async () => slack.posted(),
      (list) => list.length === 1,
    );
    const toldAt = Date.now();
    console.info(
      `link → told: ${toldAt - linkedAt} ms (status change → both told: ${toldAt - changedAt} ms, two links included)`,
    );

    expect(posted[0]).toMatchObject({ channel: SUPPORT, thread_ts: slackItem.external_id.split(':')[1] });
    expect(posted[0]?.text).toContain('Export votes to a CSV spreadsheet');
    expect(posted[0]?.text).toContain(planned.name);
    expect(posted[0]?.text).toContain(`https://feedback.example.com/p/${idea.id}`);

    expect(email.subject).toBe('Re: Exports');
    expect(email.headers['in-reply-to']).toBe('<original-1@fbi.test>');
    expect(email.headers.references).toBe('<original-1@fbi.test>');
    expect(email.text).toContain(`“Export votes to a CSV spreadsheet” moved to ${planned.name}.`);
    expect(email.text).toContain('You asked us for this: “Please let us export votes to CSV');
    expect(email.text).toContain(`https://feedback.example.com/p/${idea.id}`);
    // One email: the status notification a voter gets is left out for the customer told by this reply.
    expect(mail.messages.filter((m) => m.to.includes('john@fbi.test'))).toHaveLength(1);

    // Staff see it: on the item, and among the latest answers on the inbox.
    const item = await until(
      () =>
        lead.send<{ told: { state: string; sent_at: string; channel: string; status: string }[] }>(
          `/api/chorus/feedback/${slackItem.id}`,
          {},
        ),
      (one) => one.told[0]?.state === 'sent',
    );
    expect(item.told).toMatchObject([{ channel: 'slack', status: planned.name, state: 'sent', attempts: 1 }]);
    expect(Date.parse(item.told[0]?.sent_at.replace(' ', 'T') ?? '')).toBeGreaterThanOrEqual(changedAt - 1000);
    const inbox = await lead.send<{ told: { item: string; state: string }[] }>('/api/chorus/feedback', {
      query: { told: '1' },
    });
    expect(inbox.told.map((one) => one.item)).toEqual(expect.arrayContaining([slackItem.id, mailItem.id]));
  });

  it('answers once per status: set again, or set back later, sends nothing more; a new roadmap status does', async () => {
    await setStatus(idea, planned);
    await lead.collection('posts').update(idea.id, { title: 'Export votes to a CSV spreadsheet' });
    await setStatus(idea, open);
    await setStatus(idea, planned);
    // Answers are queued in the change's own transaction: what a change owes exists when its answer arrives.
    expect(await answersOf(slackItem)).toHaveLength(1);
    expect(await answersOf(mailItem)).toHaveLength(1);

    await setStatus(idea, done);
    await until(
      async () => slack.posted(),
      (list) => list.length === 2,
    );
    await mail.waitFor(
      (m: { to: string; text: string }) => m.to.includes('john@fbi.test') && m.text.includes(done.name),
    );
    expect(slack.posted()[1]?.text).toContain(done.name);
    expect((await answersOf(slackItem)).map((one) => one.status).sort()).toEqual([done.id, planned.id].sort());
    expect(mail.messages.filter((m) => m.to.includes('john@fbi.test'))).toHaveLength(2);
  });
});

describe('a Slack answer that fails', () => {
  it('is retried, each attempt logged, until Slack takes it', async () => {
    const idea = await createPost(pb, board, lead, { title: 'Dark mode for the dashboard' });
    const item = await captured('slack', 'fox@globex.test');
    await link(item, idea);
    const before = slack.posted().length;
    slack.failPosts(2);
    await setStatus(idea, planned);
    const [answer] = await until(
      () => answersOf(item),
      (rows) => rows[0]?.state === 'sent',
    );
    expect(answer).toMatchObject({ attempts: 3, error: '', response_code: 200 });
    const attempts = await pb.admin
      .collection('feedback_answer_attempts')
      .getFullList({ filter: pb.admin.filter('answer = {:id}', { id: answer?.id }), sort: 'attempted_at' });
    expect(attempts.map((one) => one.error)).toEqual(['slack:internal_error', 'slack:internal_error', '']);
    expect(slack.posted().slice(before)).toHaveLength(3); // two refused, one taken: one reply in the thread
  });
});

describe('a Slack answer Slack will never take', () => {
  it('is given up at once (the app is not in the channel), logged', async () => {
    const idea = await createPost(pb, board, lead, { title: 'A public API for creating ideas' });
    const item = await captured('slack', 'dana@globex.test');
    await link(item, idea);
    slack.failPosts(1, 'not_in_channel');
    await setStatus(idea, planned);
    const [answer] = await until(
      () => answersOf(item),
      (rows) => rows[0]?.state !== 'pending',
    );
    expect(answer).toMatchObject({ state: 'failed', attempts: 1, error: 'slack:not_in_channel' });
  });
});

describe('what is never sent', () => {
  it('nothing, for a source an admin switched off', async () => {
    const moderatorTries = lead.send('/api/chorus/feedback/mail/settings', {
      method: 'POST',
      body: { answer_customers: false },
    });
    await expect(moderatorTries).rejects.toMatchObject({ status: 403 });
    expect(await admin.send('/api/chorus/feedback/mail/settings', {})).toEqual({ answer_customers: true });
    await admin.send('/api/chorus/feedback/mail/settings', { method: 'POST', body: { answer_customers: false } });
    const slackOff = await admin.send('/api/chorus/slack/settings', {
      method: 'POST',
      body: { answer_customers: false },
    });
    expect(slackOff).toMatchObject({ answer_customers: false });
    try {
      const idea = await createPost(pb, board, lead, { title: 'Single sign-on with Okta' });
      const items = [await captured('slack', 'dana@globex.test'), await captured('mail', 'john@fbi.test')];
      for (const item of items) await link(item, idea);
      await setStatus(idea, planned);
      for (const item of items) expect(await answersOf(item)).toEqual([]);
    } finally {
      await admin.send('/api/chorus/feedback/mail/settings', { method: 'POST', body: { answer_customers: true } });
      await admin.send('/api/chorus/slack/settings', { method: 'POST', body: { answer_customers: true } });
    }
  });

  it('no switch from bad input or from anyone signed out: the mail switch stays as it was', async () => {
    for (const body of [{ answer_customers: 'false' }, { answer_customers: 0 }, { answer_customers: null }, {}]) {
      await expect(
        admin.send('/api/chorus/feedback/mail/settings', { method: 'POST', body }),
        JSON.stringify(body),
      ).rejects.toMatchObject({ status: 400 });
    }
    const visitor = pb.visitor();
    await expect(
      visitor.send('/api/chorus/feedback/mail/settings', { method: 'POST', body: { answer_customers: false } }),
    ).rejects.toMatchObject({ status: 401 });
    await expect(visitor.send('/api/chorus/feedback/mail/settings', {})).rejects.toMatchObject({ status: 401 });
    expect(await admin.send('/api/chorus/feedback/mail/settings', {})).toEqual({ answer_customers: true });
  });

  it('no email to an address its customer has not confirmed', async () => {
    const idea = await createPost(pb, board, lead, { title: 'Translate the board into German' });
    const item = await captured('mail', 'walter@fbi.test'); // no account: the link makes an unconfirmed one
    await link(item, idea);
    await setStatus(idea, planned);
    const [answer] = await until(
      () => answersOf(item),
      (rows) => rows[0]?.state !== 'pending',
    );
    expect(answer).toMatchObject({ state: 'skipped', error: 'unconfirmed', attempts: 0 });
    expect(mail.messages.filter((m) => m.to.includes('walter@fbi.test'))).toEqual([]);
  });
});
