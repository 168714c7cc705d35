// The Intercom source of the staff feedback inbox (issue 58), against a real PocketBase and a local Intercom speaking
// its documented REST API and webhook signature (tests/support/intercom-server.ts): a signed notification naming a
// tagged conversation captures what its customer said, read from Intercom's API (HTML reduced to plain text), with the
// contact matched by email, once however often it arrives; anything unsigned, forged, stale, oversized or malformed
// writes nothing; when the idea it was linked to moves on, the conversation gets a note (or a reply the customer sees,
// as the admin chose), each attempt logged and an Intercom that fails retried; only admins see or change the settings.
import { createHmac } from 'node:crypto';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackItemsOf, startDeskWorld } from '../../support/desk-world';
import { postIntercomSigned, startIntercomServer, WORKSPACE } from '../../support/intercom-server';
import type { TestPocketBase } from '../../support/pocketbase';
import { type Actors, allowed, createActors, createPost, expectAccess, refused } from '../../support/world';

const SECRET = '0f3b5c7d9e1a2b4c6d8e0f1a3b5c7d9e'; // a client secret's shape
const TOKEN = 'dG9rOjAxMjM0NTY3Xzg5YWJfY2RlZjoxOjA='; // an access token's shape
const SAM = '814860'; // a teammate, staff in Chorus
const DANA = '5bc8f7ae2d96695c18a0a1b2'; // a customer (contact), a member of the board

let intercom: Awaited<ReturnType<typeof startIntercomServer>>;
let pb: TestPocketBase;
let actors: Actors;
let admin: PocketBase;
let lead: PocketBase;
let staff: RecordModel;
let dana: RecordModel;
let board: RecordModel;
let csvIdea: RecordModel;

beforeAll(async () => {
  intercom = await startIntercomServer({ token: TOKEN });
  ({ pb, lead, staff, dana, board, csvIdea } = await startDeskWorld({
    CHORUS_INTERCOM_API_URL: intercom.url,
    CHORUS_FEEDBACK_ANSWER_RETRY_SECONDS: '1',
  }));
  actors = await createActors(pb);
  admin = actors.admin;
  intercom.addAdmin({ id: SAM, name: 'Sam Support', email: 'sam@acme.test' });
  intercom.addContact({ id: DANA, name: 'Dana Scully', email: 'dana@globex.test' });
  await admin.send('/api/chorus/intercom/settings', {
    method: 'POST',
    body: { active: true, workspace_id: WORKSPACE, admin_id: SAM, access_token: TOKEN, client_secret: SECRET },
  });
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await intercom?.close();
});

const webhook = () => `${pb.url}/api/chorus/intercom/webhook`;
const deliver = (notification: unknown, secret = SECRET) =>
  postIntercomSigned(webhook(), JSON.stringify(notification), secret);
const itemsOf = (conversation: string) => feedbackItemsOf(pb, 'intercom', conversation);
const callsFor = (conversation: string) => intercom.calls.filter((call) => call.path.includes(`/${conversation}`));
const answersOf = (item: RecordModel) =>
  pb.admin.collection('feedback_answers').getFullList({ filter: pb.admin.filter('item = {:id}', { id: item.id }) });
const status = (slug: string) => pb.admin.collection('statuses').getFirstListItem(`slug = "${slug}"`);
const setStatus = (idea: RecordModel, slug: string) =>
  status(slug).then((one) => lead.collection('posts').update(idea.id, { status: one.id }));

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

describe('settings', () => {
  it('only active admins see or change them; the secrets are never read back', async () => {
    const shown = await admin.send('/api/chorus/intercom/settings', {});
    expect(shown).toMatchObject({
      active: true,
      region: '',
      workspace_id: WORKSPACE,
      admin_id: SAM,
      access_token: `…${TOKEN.slice(-4)}`,
      client_secret_set: true,
      capture_tag: 'feedback',
      public_replies: false,
      answer_customers: true,
      webhook_url: `${pb.url}/api/chorus/intercom/webhook`,
    });
    expect(JSON.stringify(shown)).not.toContain(SECRET);
    expect(JSON.stringify(shown)).not.toContain(TOKEN);
    const [record] = await admin.collection('intercom_settings').getFullList();
    expect(record).not.toHaveProperty('access_token');
    expect(record).not.toHaveProperty('client_secret');
    const admins = allowed('admin');
    await expectAccess((actor) => actors[actor].send('/api/chorus/intercom/settings', {}), admins, 'GET settings');
    await expectAccess(
      (actor) =>
        actors[actor].send('/api/chorus/intercom/settings', { method: 'POST', body: { capture_tag: 'feedback' } }),
      admins,
      'POST settings',
    );
    await expectAccess(
      async (actor) => {
        if (!(await actors[actor].collection('intercom_settings').getFullList()).length) throw refused('none listed');
      },
      admins,
      'the collection',
    );
    const audit = await pb.admin.collection('audit_entries').getFullList({ filter: 'action = "intercom.settings"' });
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(JSON.stringify(audit)).not.toContain(TOKEN);
    for (const body of [
      { region: 'us' },
      { workspace_id: 'ab/../evil' },
      { admin_id: 'sam' },
      { access_token: 'short' },
      { client_secret: 'x y' },
      { capture_tag: 'feed<back>' },
    ]) {
      await expect(admin.send('/api/chorus/intercom/settings', { method: 'POST', body })).rejects.toMatchObject({
        status: 400,
      });
    }
  });
});

describe('a tagged conversation', () => {
  it('arrives once, read from Intercom, with its contact matched by email and the teammate who tagged it', async () => {
    const conversation = intercom.addConversation(DANA, '<p>Can we export votes to a <b>CSV</b> spreadsheet?</p>', {
      taggedBy: SAM,
      title: 'CSV export',
    });
    const notification = intercom.tagNotification(conversation.id);
    const started = performance.now();
    const response = await deliver(notification);
    console.log(`Intercom notification to inbox item: ${(performance.now() - started).toFixed(0)} ms`);
    expect(await response.json()).toEqual({ captured: true, duplicate: false });
    // The same notification again (a replay): known by its id, nothing read from Intercom.
    const reads = callsFor(conversation.id).length;
    expect(await (await deliver(notification)).json()).toEqual({ captured: false, duplicate: true });
    expect(callsFor(conversation.id)).toHaveLength(reads);
    // Tagged again (a new notification): the same part, the same item.
    expect(await (await deliver(intercom.tagNotification(conversation.id))).json()).toEqual({
      captured: true,
      duplicate: true,
    });
    const items = await itemsOf(conversation.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      source: 'intercom',
      external_id: `${conversation.id}:${conversation.opening.id}`,
      source_url: `https://app.intercom.com/a/inbox/${WORKSPACE}/inbox/conversation/${conversation.id}`,
      author_email: 'dana@globex.test',
      author_name: 'Dana Scully',
      member: dana.id,
      captured_by: staff.id,
      title: 'CSV export',
      quote: 'Can we export votes to a CSV spreadsheet?',
      status: 'new',
    });
    expect(items[0]?.suggestions[0]?.id).toBe(csvIdea.id);
    expect((await admin.send('/api/chorus/intercom/settings', {})).last_event_at).not.toBe('');
  });

  it('its words come from Intercom as plain text, never the notification; the part tagged is the one captured', async () => {
    const conversation = intercom.addConversation(
      DANA,
      '<p>Dark mode, please.</p><script>alert(1)</script><img src=x onerror="alert(2)">' +
        '<p>&lt;b&gt;not bold&lt;/b&gt; &amp; more</p>',
    );
    const notification = intercom.tagNotification(conversation.id);
    notification.data.item.source.body = '<p>Injected words</p>';
    await deliver(notification);
    const [item] = await itemsOf(conversation.id);
    expect(item).toMatchObject({
      quote: 'Dark mode, please.\n\n<b>not bold</b> & more',
      author_email: 'dana@globex.test',
    });
    expect(item?.captured_by).toBe(''); // tagged by no teammate Intercom names
    const later = intercom.addCustomerPart(conversation.id, '<p>Also a <i>light</i> theme for print.</p>');
    await deliver(intercom.tagNotification(conversation.id, [later]));
    expect((await itemsOf(conversation.id)).map((one) => one.quote).sort()).toEqual([
      'Also a light theme for print.',
      'Dark mode, please.\n\n<b>not bold</b> & more',
    ]);
  });

  it('nothing from a conversation without the tag, one Intercom does not know, or another topic', async () => {
    const untagged = intercom.addConversation(DANA, '<p>My invoice is wrong.</p>', { tags: ['billing'] });
    expect(await (await deliver(intercom.tagNotification(untagged.id))).json()).toEqual({ captured: false });
    expect(await itemsOf(untagged.id)).toHaveLength(0);
    const gone = intercom.addConversation(DANA, '<p>Gone.</p>');
    const notification = intercom.tagNotification(gone.id);
    gone.deleted = true;
    expect(await (await deliver(notification)).json()).toEqual({ captured: false });
    const contact = intercom.addConversation(DANA, '<p>Hello.</p>');
    const other = intercom.tagNotification(contact.id, [], { topic: 'contact.user.created' });
    expect(await (await deliver(other)).json()).toEqual({ captured: false });
    expect(await itemsOf(contact.id)).toHaveLength(0);
    const ping = {
      type: 'notification_event',
      id: 'notif_ping',
      topic: 'ping',
      created_at: Math.floor(Date.now() / 1000),
      data: { item: { type: 'ping', message: 'hi' } },
    };
    expect((await deliver(ping)).status).toBe(200);
  });
});

describe('a flood', () => {
  it('past 60 tagged conversations in an hour from one contact, nothing more is captured or read for them', async () => {
    const FLOODER = '5bc8f7ae2d96695c18a0f100';
    intercom.addContact({ id: FLOODER, name: 'Flo Od', email: 'flo@flood.test' });
    const first = intercom.addConversation(FLOODER, '<p>Please add this.</p>');
    for (let i = 0; i < 60; i += 15) {
      const answers = await Promise.all(Array.from({ length: 15 }, () => deliver(intercom.tagNotification(first.id))));
      for (const answer of answers) expect(await answer.json()).toMatchObject({ captured: true });
    }
    const next = intercom.addConversation(FLOODER, '<p>Please add that too.</p>');
    const response = await deliver(intercom.tagNotification(next.id));
    expect(response.status).toBe(200); // Intercom does not retry it
    expect(await response.json()).toEqual({ captured: false });
    expect(await itemsOf(next.id)).toHaveLength(0);
    expect(callsFor(next.id)).toHaveLength(1); // the conversation itself, not its contact
    const other = intercom.addConversation(DANA, '<p>Another customer is heard meanwhile.</p>');
    expect(await (await deliver(intercom.tagNotification(other.id))).json()).toMatchObject({ captured: true });
  });
});

describe('the door refuses, and writes nothing', () => {
  it('a missing, malformed or forged signature, a stale or oversized notification, a body that is not one', async () => {
    const conversation = intercom.addConversation(DANA, '<p>Single sign-on with Okta.</p>');
    const notification = intercom.tagNotification(conversation.id);
    const body = JSON.stringify(notification);
    const now = Math.floor(Date.now() / 1000);
    const forged = JSON.stringify({ ...notification, topic: 'conversation.admin.noted' });
    const sign = (text: string) => postIntercomSigned(webhook(), text, SECRET);
    const refusals: [number, () => Promise<Response>][] = [
      [401, () => postIntercomSigned(webhook(), body, SECRET, '')],
      [401, () => postIntercomSigned(webhook(), body, SECRET, 'sha256=abc')],
      [401, () => postIntercomSigned(webhook(), body, SECRET, `sha1=${'0'.repeat(40)}`)],
      [401, () => deliver(notification, 'another_client_secret_0000')],
      // A signature of another body: the words were changed on the way.
      [
        401,
        () =>
          postIntercomSigned(
            webhook(),
            forged,
            SECRET,
            `sha1=${createHmac('sha1', SECRET).update(body).digest('hex')}`,
          ),
      ],
      [401, () => deliver({ ...notification, created_at: now - 2 * 3600 })],
      [401, () => deliver({ ...notification, created_at: now + 2 * 3600 })],
      [413, () => deliver({ ...notification, pad: 'x'.repeat(257 * 1024) })],
      [413, () => deliver({ ...notification, pad: 'é'.repeat(129 * 1024) })],
      [400, () => sign('{"type": ')],
      [400, () => sign('[1, 2]')],
      [400, () => deliver({ ...notification, type: 'event' })],
      [400, () => deliver({ ...notification, id: 'notif_; DROP TABLE' })],
      [400, () => deliver({ ...notification, data: { item: { type: 'conversation', id: '12/../admins' } } })],
    ];
    for (const [code, send] of refusals) expect((await send()).status).toBe(code);
    expect(await itemsOf(conversation.id)).toHaveLength(0);
    expect(callsFor(conversation.id)).toEqual([]);
  });

  it('a notification just under the cap is verified and taken', async () => {
    const conversation = intercom.addConversation(DANA, '<p>A long conversation.</p>');
    const notification = { ...intercom.tagNotification(conversation.id), pad: 'é'.repeat(126 * 1024) };
    const started = performance.now();
    expect(await (await deliver(notification)).json()).toMatchObject({ captured: true });
    console.log(`Intercom 253 KB notification verified and captured: ${(performance.now() - started).toFixed(0)} ms`);
  });

  it('everything while the source is switched off', async () => {
    const conversation = intercom.addConversation(DANA, '<p>Could the board speak German?</p>');
    await admin.send('/api/chorus/intercom/settings', { method: 'POST', body: { active: false } });
    try {
      expect((await deliver(intercom.tagNotification(conversation.id))).status).toBe(404);
      // Intercom checks the address with a HEAD when it is saved, before the source is switched on.
      expect((await fetch(webhook(), { method: 'HEAD' })).status).toBe(200);
    } finally {
      await admin.send('/api/chorus/intercom/settings', { method: 'POST', body: { active: true } });
    }
    expect((await fetch(webhook(), { method: 'HEAD' })).status).toBe(200);
    expect(await itemsOf(conversation.id)).toHaveLength(0);
  });
});

describe('the answer goes back to the conversation', () => {
  async function captured(said: string) {
    const conversation = intercom.addConversation(DANA, `<p>${said}</p>`);
    await deliver(intercom.tagNotification(conversation.id));
    const [item] = await itemsOf(conversation.id);
    if (!item) throw new Error('not captured');
    return { conversation, item };
  }
  const link = (item: RecordModel, idea: RecordModel) =>
    lead.send(`/api/chorus/feedback/${item.id}/link`, { method: 'POST', body: { idea: idea.id } });

  it('an internal note by default, a reply the customer sees when the admin chooses; each attempt logged', async () => {
    const idea = await createPost(pb, board, lead, { title: 'Webhooks for <every> new idea' });
    const { conversation, item } = await captured('We need a webhook whenever a new idea is posted.');
    const linkedAt = Date.now();
    await link(item, idea);
    await setStatus(idea, 'planned');
    const [note] = await until(
      async () => intercom.replies(conversation.id),
      (list) => list.length === 1,
    );
    console.log(`Intercom link → conversation told: ${Date.now() - linkedAt} ms`);
    const planned = await status('planned');
    expect(note).toMatchObject({ message_type: 'note', type: 'admin', admin_id: SAM });
    expect(note?.body).toContain(`<p>“Webhooks for &lt;every&gt; new idea” moved to ${planned.name}.</p>`);
    expect(note?.body).toContain('We need a webhook whenever a new idea is posted.');
    expect(note?.body).toContain(`<a href="https://feedback.example.com/p/${idea.id}">`);
    const [answer] = await until(
      () => answersOf(item),
      (rows) => rows[0]?.state === 'sent',
    );
    expect(answer).toMatchObject({ channel: 'intercom', attempts: 1, response_code: 200, error: '' });

    await admin.send('/api/chorus/intercom/settings', { method: 'POST', body: { public_replies: true } });
    try {
      await setStatus(idea, 'done');
      const replies = await until(
        async () => intercom.replies(conversation.id),
        (list) => list.length === 2,
      );
      expect(replies[1]).toMatchObject({ message_type: 'comment', admin_id: SAM });
      expect(intercom.conversation(conversation.id)?.parts.at(-1)).toMatchObject({ part_type: 'comment' });
    } finally {
      await admin.send('/api/chorus/intercom/settings', { method: 'POST', body: { public_replies: false } });
    }
  });

  it('an Intercom that fails is retried, each attempt logged, until it takes the note', async () => {
    const idea = await createPost(pb, board, lead, { title: 'Translate the board into German' });
    const { conversation, item } = await captured('Our team in Berlin would love a German board.');
    await link(item, idea);
    intercom.failReplies(2);
    await setStatus(idea, 'planned');
    const [answer] = await until(
      () => answersOf(item),
      (rows) => rows[0]?.state === 'sent',
    );
    const attempts = await pb.admin
      .collection('feedback_answer_attempts')
      .getFullList({ filter: pb.admin.filter('answer = {:id}', { id: answer?.id }), sort: 'attempted_at' });
    expect(attempts.map((one) => [one.response_code, one.error])).toEqual([
      [503, 'http_5xx'],
      [503, 'http_5xx'],
      [200, ''],
    ]);
    expect(intercom.replies(conversation.id)).toHaveLength(3);
  });

  it('a conversation Intercom no longer has is given up at once; nothing while answers are off', async () => {
    const idea = await createPost(pb, board, lead, { title: 'A public API for creating ideas' });
    const { conversation, item } = await captured('A public API for creating ideas from our CRM.');
    await link(item, idea);
    const gone = intercom.conversation(conversation.id);
    if (gone) gone.deleted = true;
    await setStatus(idea, 'planned');
    const [answer] = await until(
      () => answersOf(item),
      (rows) => rows[0]?.state !== 'pending',
    );
    expect(answer).toMatchObject({ state: 'failed', attempts: 1, response_code: 404, error: 'intercom:not_found' });

    await admin.send('/api/chorus/intercom/settings', { method: 'POST', body: { answer_customers: false } });
    try {
      const quiet = await createPost(pb, board, lead, { title: 'Single sign-on with Okta' });
      const next = await captured('Single sign-on with Okta, please.');
      await link(next.item, quiet);
      await setStatus(quiet, 'planned');
      expect(await answersOf(next.item)).toEqual([]);
      expect(intercom.replies(next.conversation.id)).toEqual([]);
    } finally {
      await admin.send('/api/chorus/intercom/settings', { method: 'POST', body: { answer_customers: true } });
    }
  });
});
