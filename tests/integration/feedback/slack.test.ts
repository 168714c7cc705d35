// The Slack source of the staff feedback inbox (issue 58), against a real PocketBase and a local Slack speaking its
// documented Web API and signature scheme (tests/support/slack-server.ts): a "Send to feedback" message shortcut
// captures the message with its author and answers the staff member, ephemerally, with the suggested ideas; a Link
// from Slack votes on the customer's behalf as the inbox does, for active staff only; a channel's messages arrive
// through the Events API, a retry never twice; anything unsigned, stale, oversized or foreign is refused.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  clickPayload,
  eventCallback,
  interactionBody,
  postSigned,
  type SignedOptions,
  type SlackMessage,
  shortcutPayload,
  startSlackServer,
  TEAM,
} from '../../support/slack-server';
import { createBoard, createPost } from '../../support/world';

const SECRET = '0123456789abcdef0123456789abcdef'; // a signing secret's shape: 32 hex digits
const BOT_TOKEN = 'xoxb-0000000000-0000000000-standinbottoken';
const SUPPORT = 'C0SUPPORT';
const FEEDBACK_CHANNEL = 'C0FEEDBACK';
const FORM = 'application/x-www-form-urlencoded';

let slack: Awaited<ReturnType<typeof startSlackServer>>;
let pb: TestPocketBase;
let admin: PocketBase;
let staff: RecordModel;
let csvIdea: RecordModel;

beforeAll(async () => {
  slack = await startSlackServer({ token: BOT_TOKEN });
  pb = await startTestPocketBase({
    appUrl: 'https://feedback.example.com',
    env: { CHORUS_SLACK_API_URL: slack.apiUrl },
  });
  admin = await pb.actor('admin');
  const lead = await pb.actor('moderator', { email: 'sam@acme.test', name: 'Sam Support' });
  staff = lead.authStore.record as RecordModel;
  await pb.actor('member', { email: 'nina@acme.test', name: 'Nina Sales' });
  for (const person of [
    { id: 'U0SAM', email: 'sam@acme.test', realName: 'Sam Support' },
    { id: 'U0NINA', email: 'nina@acme.test', realName: 'Nina Sales' },
    { id: 'U0GUEST', email: 'sam@acme.test', realName: 'Sam Lookalike', guest: true },
    { id: 'U0DANA', email: 'dana@globex.test', realName: 'Dana Scully' },
    { id: 'U0FOX', email: 'fox@globex.test', realName: 'Fox Mulder' },
  ]) {
    slack.addPerson(person);
  }
  const board = await createBoard(pb, 'public');
  csvIdea = await createPost(pb, board, lead, { title: 'Export votes to a CSV spreadsheet' });
  await createPost(pb, board, lead, { title: 'Dark mode for the dashboard' });
  await createPost(pb, board, lead, { title: 'Export ideas as a PDF report' });
  await admin.send('/api/chorus/slack/settings', {
    method: 'POST',
    body: { active: true, team_id: TEAM.id, channel: FEEDBACK_CHANNEL, signing_secret: SECRET, bot_token: BOT_TOKEN },
  });
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await slack?.close();
});

let sequence = 0;
/** A message posted now (each with its own ts). */
function message(user: string, text: string): SlackMessage {
  sequence += 1;
  return { ts: `${Math.floor(Date.now() / 1000)}.${String(sequence).padStart(6, '0')}`, user, text };
}
const signed = { secret: SECRET };
const interact = (payload: unknown, options: SignedOptions = signed) =>
  postSigned(`${pb.url}/api/chorus/slack/interactivity`, interactionBody(payload), FORM, options);
const deliver = (body: unknown, options: SignedOptions = signed) =>
  postSigned(`${pb.url}/api/chorus/slack/events`, JSON.stringify(body), 'application/json', options);
/** Runs the shortcut as `user` on `said`, and answers the response_url's messages with the HTTP status. */
async function sendToFeedback(user: string, said: SlackMessage, channel = SUPPORT) {
  const responseUrl = slack.responseUrl();
  const response = await interact(shortcutPayload(user, channel, said, responseUrl));
  return { status: response.status, answers: slack.answersTo(responseUrl), responseUrl };
}
const itemsOf = (channel: string, ts: string) =>
  pb.admin
    .collection('feedback_items')
    .getFullList({ filter: pb.admin.filter('external_id = {:id}', { id: `${channel}:${ts}` }) });

describe('settings', () => {
  it('an admin sets the secrets; nobody reads them back; only admins see or change the settings', async () => {
    const shown = await admin.send('/api/chorus/slack/settings', {});
    expect(shown).toMatchObject({
      active: true,
      channel: FEEDBACK_CHANNEL,
      signing_secret_set: true,
      bot_token: `…${BOT_TOKEN.slice(-4)}`,
      interactivity_url: `${pb.url}/api/chorus/slack/interactivity`,
      events_url: `${pb.url}/api/chorus/slack/events`,
    });
    expect(JSON.stringify(shown)).not.toContain(SECRET);
    const [record] = await admin.collection('slack_settings').getFullList();
    expect(record).not.toHaveProperty('signing_secret');
    expect(record).not.toHaveProperty('bot_token');
    // Only through the route (checked, audited): the collection itself takes no write, an admin's included.
    await expect(admin.collection('slack_settings').update(record?.id ?? '', { active: false })).rejects.toMatchObject({
      status: 403,
    });
    const moderator = await pb.actor('moderator');
    await expect(moderator.send('/api/chorus/slack/settings', {})).rejects.toMatchObject({ status: 403 });
    await expect(
      moderator.send('/api/chorus/slack/settings', { method: 'POST', body: { active: false } }),
    ).rejects.toMatchObject({ status: 403 });
    const audit = await pb.admin.collection('audit_entries').getFullList({ filter: 'action = "slack.settings"' });
    expect(audit.map((entry) => entry.after)).toContainEqual({
      changed: ['active', 'team_id', 'channel', 'signing_secret', 'bot_token'],
    });
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    await expect(moderator.collection('slack_settings').getFullList()).resolves.toEqual([]);
    for (const body of [{ bot_token: 'not-a-bot-token' }, { channel: 'general' }, { signing_secret: 'x y' }]) {
      await expect(admin.send('/api/chorus/slack/settings', { method: 'POST', body })).rejects.toMatchObject({
        status: 400,
      });
    }
  });
});

describe('"Send to feedback" on a message', () => {
  it('captures it with its author, one inbox item with suggestions, and answers the staff member with them', async () => {
    const said = message(
      'U0DANA',
      'Hey <@U0SAM>, a question from Globex.\nCan we export votes to a CSV spreadsheet? See <https://globex.test/q|our question> &amp; thanks',
    );
    const started = performance.now();
    const { status, answers } = await sendToFeedback('U0SAM', said);
    const [item] = await itemsOf(SUPPORT, said.ts);
    console.log(`Slack shortcut to inbox item and answer: ${(performance.now() - started).toFixed(0)} ms`);
    expect(status).toBe(200);
    expect(item).toMatchObject({
      source: 'slack',
      status: 'new',
      source_url: `https://${TEAM.domain}.slack.com/archives/${SUPPORT}/p${said.ts.replace('.', '')}`,
      author_email: 'dana@globex.test',
      author_name: 'Dana Scully',
      captured_by: staff.id,
      title: 'Hey @Sam Support, a question from Globex.',
      quote:
        'Hey @Sam Support, a question from Globex.\nCan we export votes to a CSV spreadsheet? See our question (https://globex.test/q) & thanks',
    });
    expect(item?.suggestions[0].id).toBe(csvIdea.id);
    expect(answers).toHaveLength(1);
    const [answer] = answers;
    expect(answer).toMatchObject({ response_type: 'ephemeral', replace_original: false });
    const buttons = answer?.blocks?.filter((block) => block.accessory) ?? [];
    expect(buttons.length).toBeGreaterThan(0);
    expect(buttons.length).toBeLessThanOrEqual(3);
    expect(buttons[0]).toMatchObject({
      text: { text: `<https://feedback.example.com/p/${csvIdea.id}|Export votes to a CSV spreadsheet>` },
      accessory: { action_id: 'feedback_link_0', value: `${item?.id}:${csvIdea.id}` },
    });
    expect(JSON.stringify(answer)).toContain('<https://feedback.example.com/admin/inbox|Open inbox>');
    // Waiting for staff: no vote in the customer's name yet.
    const votes = await pb.admin.collection('votes').getFullList({ filter: `post = "${csvIdea.id}"` });
    expect(votes.filter((vote) => vote.on_behalf_by)).toEqual([]);
  });

  it('the same message sent twice is one item', async () => {
    const said = message('U0FOX', 'Dark mode please, the dashboard hurts my eyes at night.');
    await sendToFeedback('U0SAM', said);
    const again = await sendToFeedback('U0NINA', said);
    expect(again.status).toBe(200);
    expect(await itemsOf(SUPPORT, said.ts)).toHaveLength(1);
  });

  it('a long message gets its first sentences as the suggested idea and need (no chat model here)', async () => {
    const first =
      'Our finance team spends every Monday morning copying the votes of each idea by hand into a spreadsheet for the weekly review';
    const said = message(
      'U0DANA',
      `${first}. They would love a CSV export of the votes. ${'It takes hours and mistakes creep in every week. '.repeat(8)}`,
    );
    await sendToFeedback('U0SAM', said);
    const [item] = await itemsOf(SUPPORT, said.ts);
    expect(item).toMatchObject({
      summary_title: 'Our finance team spends every Monday morning copying the votes of each idea by…',
      summary_need: 'They would love a CSV export of the votes.',
      summary_by: 'sentences',
      summary_state: 'done',
    });
    const short = message('U0DANA', 'Dark mode, please.');
    await sendToFeedback('U0SAM', short);
    expect((await itemsOf(SUPPORT, short.ts))[0]).toMatchObject({ summary_title: '', summary_state: '' });
  });

  it('a member who is not staff may send one but is shown no ideas; a guest sends nothing', async () => {
    const said = message('U0FOX', 'Could the board speak German?');
    const { answers } = await sendToFeedback('U0NINA', said);
    const [item] = await itemsOf(SUPPORT, said.ts);
    expect(item).toMatchObject({ captured_by: '', author_email: 'fox@globex.test' });
    expect(answers[0]).toMatchObject({ text: 'Sent to the feedback inbox: staff will take it from there.' });
    expect(answers[0]?.blocks).toBeUndefined();
    // A guest account with a staff member's email is not that staff member, nor a member of the workspace.
    const other = message('U0FOX', 'Another request from a guest.');
    const guest = await sendToFeedback('U0GUEST', other);
    expect(guest.answers[0]?.text).toMatch(/^Only members of this workspace/);
    expect(await itemsOf(SUPPORT, other.ts)).toHaveLength(0);
  });

  it('hostile text is kept as text, cleaned and capped; titles are escaped in the answer', async () => {
    const said = message(
      'U0DANA',
      `&lt;script&gt;alert(1)&lt;/script&gt; <!channel> \u202eevil\u0007 ${'spreadsheet export please '.repeat(400)}`,
    );
    const { answers } = await sendToFeedback('U0SAM', said);
    const [item] = await itemsOf(SUPPORT, said.ts);
    expect(item?.quote.startsWith('<script>alert(1)</script> @channel evil ')).toBe(true);
    expect(item?.quote).toHaveLength(10000);
    expect(item?.title.length).toBeLessThanOrEqual(200);
    const head = answers[0]?.blocks?.[0]?.text?.text ?? '';
    expect(head).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
    expect(head).not.toMatch(/<script|<!channel>/);
  });
});

describe('Link from Slack', () => {
  async function capturedFromDana(text: string) {
    const said = message('U0DANA', text);
    const { answers } = await sendToFeedback('U0SAM', said);
    const button = answers[0]?.blocks?.find((block) => block.accessory)?.accessory;
    if (!button) throw new Error('no Link button');
    return button;
  }
  const votesOnBehalf = () =>
    pb.admin.collection('votes').getFullList({ filter: `post = "${csvIdea.id}" && on_behalf_by != ""` });

  it('someone who is not active staff is refused, plainly, and nothing changes', async () => {
    const button = await capturedFromDana('Finance asks: export votes to a CSV spreadsheet?');
    for (const user of ['U0NINA', 'U0GUEST', 'U0NOBODY']) {
      const responseUrl = slack.responseUrl();
      expect((await interact(clickPayload(user, button, responseUrl))).status).toBe(200);
      expect(slack.answersTo(responseUrl)).toEqual([
        expect.objectContaining({ text: 'Only Chorus staff can link feedback to an idea.', replace_original: false }),
      ]);
    }
    const itemId = button.value.split(':')[0] ?? '';
    expect(await pb.admin.collection('feedback_items').getOne(itemId)).toMatchObject({ status: 'new' });
    expect(await votesOnBehalf()).toHaveLength(0);
  });

  it('a staff member’s Link votes on the customer’s behalf, as the inbox does, once', async () => {
    const button = await capturedFromDana('Export the votes to a CSV spreadsheet, please.');
    const responseUrl = slack.responseUrl();
    await interact(clickPayload('U0SAM', button, responseUrl));
    const [answer] = slack.answersTo(responseUrl);
    expect(answer).toMatchObject({ replace_original: true });
    expect(answer?.text).toMatch(/^Linked: Dana Scully's vote added to <https:\/\/feedback\.example\.com\/p\//);
    const [vote] = await votesOnBehalf();
    expect(vote).toMatchObject({ on_behalf_by: staff.id });
    const customer = await pb.admin.collection('users').getOne(vote?.user ?? '');
    expect(customer.email).toBe('dana@globex.test');
    const [itemId] = button.value.split(':');
    expect(await pb.admin.collection('feedback_items').getOne(itemId ?? '')).toMatchObject({
      status: 'linked',
      idea: csvIdea.id,
      acted_by: staff.id,
    });
    const audit = await pb.admin.collection('audit_entries').getFullList({
      filter: pb.admin.filter('action = "feedback.link" && target_id = {:id}', { id: itemId ?? '' }),
    });
    expect(audit).toEqual([expect.objectContaining({ actor: staff.id, actor_role: 'moderator' })]);
    const again = slack.responseUrl();
    await interact(clickPayload('U0SAM', button, again));
    expect(slack.answersTo(again)[0]?.text).toMatch(/^Not linked: /);
    expect(await votesOnBehalf()).toHaveLength(1);
  });
});

describe('the feedback channel (Events API)', () => {
  it('answers Slack’s url_verification challenge, signed only', async () => {
    const challenge = {
      token: 'x',
      challenge: '3eZbrw1aBm2rZgRNFdxV2595E9CY3gmdALWMmHkvFXO7tYXAYM8P',
      type: 'url_verification',
    };
    const response = await deliver(challenge);
    expect(await response.json()).toEqual({ challenge: challenge.challenge });
    expect((await deliver(challenge, { ...signed, signature: `v0=${'0'.repeat(64)}` })).status).toBe(401);
  });

  it('a new message arrives once, retries and a later shortcut included', async () => {
    const said = message('U0FOX', 'Single sign-on with Okta would save our IT team hours.');
    const event = eventCallback({ type: 'message', channel: FEEDBACK_CHANNEL, ...said });
    const started = performance.now();
    expect((await deliver(event)).status).toBe(200);
    console.log(`Slack channel event to inbox item: ${(performance.now() - started).toFixed(0)} ms`);
    const retry = { ...signed, headers: { 'x-slack-retry-num': '1', 'x-slack-retry-reason': 'http_timeout' } };
    expect((await deliver(event, retry)).status).toBe(200);
    await sendToFeedback('U0SAM', said, FEEDBACK_CHANNEL);
    const items = await itemsOf(FEEDBACK_CHANNEL, said.ts);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({ author_email: 'fox@globex.test', captured_by: '' });
  });

  it('bots, edits, thread replies and other channels are not feedback', async () => {
    const base = { type: 'message', channel: FEEDBACK_CHANNEL };
    const noise = [
      { ...base, ...message('U0FOX', 'a bot said this'), bot_id: 'B01', subtype: 'bot_message' },
      { ...base, ...message('U0FOX', 'edited'), subtype: 'message_changed' },
      { ...base, ...message('U0FOX', 'a reply in a thread'), thread_ts: '1700000000.000001' },
      { ...base, ...message('U0FOX', 'joined'), subtype: 'channel_join' },
      { ...base, ...message('U0FOX', 'elsewhere'), channel: 'C0RANDOM' },
    ];
    for (const event of noise) expect((await deliver(eventCallback(event))).status).toBe(200);
    for (const event of noise) expect(await itemsOf(String(event.channel), String(event.ts))).toHaveLength(0);
  });
});

describe('the door refuses', () => {
  it('a bad signature, a stale timestamp, missing headers, another workspace or an oversized body', async () => {
    const said = message('U0DANA', 'A request that must not arrive: export to CSV.');
    const payload = shortcutPayload('U0SAM', SUPPORT, said, slack.responseUrl());
    const now = Math.floor(Date.now() / 1000);
    const refusals: [number, () => Promise<Response>][] = [
      [401, () => interact(payload, { secret: 'another-secret-0123456789abcdef' })],
      [401, () => interact(payload, { ...signed, timestamp: now - 6 * 60 })],
      [401, () => interact(payload, { ...signed, timestamp: now + 6 * 60 })],
      [401, () => interact(payload, { ...signed, signature: '' })],
      [401, () => interact(payload, { ...signed, headers: { 'x-slack-request-timestamp': '' } })],
      [403, () => interact({ ...payload, team: { id: 'T0OTHER', domain: 'other' } })],
      [413, () => interact({ ...payload, message: { ...payload.message, text: 'x'.repeat(300 * 1024) } })],
      [400, () => postSigned(`${pb.url}/api/chorus/slack/interactivity`, 'payload=%7Bnot-json', FORM, signed)],
    ];
    for (const [status, send] of refusals) expect((await send()).status).toBe(status);
    expect(await itemsOf(SUPPORT, said.ts)).toHaveLength(0);
  });

  it('a flood: 60 shortcuts in an hour taken, the 61st told to wait and nothing looked up for it', async () => {
    const said = message('U0DANA', 'Export votes to a CSV spreadsheet, again and again.');
    // (An id users.info is never asked about: 60 cheap attempts, each allowed and so told it is no member's.)
    const flooder = 'U0-FLOOD';
    const allowed = slack.responseUrl();
    for (let i = 0; i < 60; i += 15) {
      const answers = await Promise.all(
        Array.from({ length: 15 }, () => interact(shortcutPayload(flooder, SUPPORT, said, allowed))),
      );
      expect(answers.map((answer) => answer.status)).toEqual(Array(15).fill(200));
    }
    expect(slack.answersTo(allowed).map((answer) => answer.text)).toEqual(
      Array(60).fill('Only members of this workspace can send messages to the feedback inbox.'),
    );
    const lookups = slack.calls.length;
    const responseUrl = slack.responseUrl();
    await interact(shortcutPayload(flooder, SUPPORT, said, responseUrl));
    expect(slack.answersTo(responseUrl)[0]?.text).toMatch(/^Too many messages sent to the feedback inbox/);
    expect(slack.calls.length).toBe(lookups + 1); // the answer only
    expect(await itemsOf(SUPPORT, said.ts)).toHaveLength(0);
  });

  it('everything while the source is switched off; the settings show when the last message arrived', async () => {
    const before = await admin.send('/api/chorus/slack/settings', {});
    expect(before.last_event_at).not.toBe('');
    await admin.send('/api/chorus/slack/settings', { method: 'POST', body: { active: false } });
    const said = message('U0DANA', 'Export votes to a CSV spreadsheet while it is off.');
    expect((await sendToFeedback('U0SAM', said)).status).toBe(404);
    expect((await deliver(eventCallback({ type: 'message', channel: FEEDBACK_CHANNEL, ...said }))).status).toBe(404);
    await admin.send('/api/chorus/slack/settings', { method: 'POST', body: { active: true } });
    expect(await itemsOf(SUPPORT, said.ts)).toHaveLength(0);
  });
});
