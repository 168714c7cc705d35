// The Zendesk source of the staff feedback inbox (issue 58), against a real PocketBase and a local Zendesk speaking its
// documented Support API and webhook signature (tests/support/zendesk-server.ts): a signed trigger delivery naming a
// tagged ticket captures it, read from Zendesk's API, with its requester matched by email, once however often it
// arrives; anything unsigned, stale, oversized or malformed writes nothing; when the idea it was linked to moves on,
// the ticket gets a comment (an internal note or a public reply, as the admin chose), each attempt logged and a
// Zendesk that fails retried; only admins see or change the settings, and nobody reads the secrets back.
import { createHmac } from 'node:crypto';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackItemsOf, startDeskWorld } from '../../support/desk-world';
import type { TestPocketBase } from '../../support/pocketbase';
import { type Actors, allowed, createActors, createPost, expectAccess, refused } from '../../support/world';
import { postZendeskSigned, SUBDOMAIN, startZendeskServer, type ZendeskSigned } from '../../support/zendesk-server';

const SECRET = 'dGhpc19zZWNyZXRfaXNfZm9yX3Rlc3Rpbmdfb25seQ=='; // a signing secret's shape (base64)
const AGENT_EMAIL = 'sam@acme.test';
const API_TOKEN = 'k3yStandInApiTokenForTests0123456789abcd';
const DANA = 501; // a customer (end-user), a member of the board
const SAM = 601; // an agent, staff in Chorus

let zendesk: Awaited<ReturnType<typeof startZendeskServer>>;
let pb: TestPocketBase;
let actors: Actors;
let admin: PocketBase;
let lead: PocketBase;
let staff: RecordModel;
let dana: RecordModel;
let board: RecordModel;
let csvIdea: RecordModel;

beforeAll(async () => {
  zendesk = await startZendeskServer({ email: AGENT_EMAIL, token: API_TOKEN });
  ({ pb, lead, staff, dana, board, csvIdea } = await startDeskWorld(
    { CHORUS_ZENDESK_API_URL: zendesk.url, CHORUS_FEEDBACK_ANSWER_RETRY_SECONDS: '1' },
    AGENT_EMAIL,
  ));
  actors = await createActors(pb);
  admin = actors.admin;
  zendesk.addUser({ id: DANA, name: 'Dana Scully', email: 'dana@globex.test', role: 'end-user' });
  zendesk.addUser({ id: SAM, name: 'Sam Support', email: AGENT_EMAIL, role: 'agent' });
  await admin.send('/api/chorus/zendesk/settings', {
    method: 'POST',
    body: {
      active: true,
      subdomain: SUBDOMAIN,
      agent_email: AGENT_EMAIL,
      api_token: API_TOKEN,
      signing_secret: SECRET,
    },
  });
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await zendesk?.close();
});

const signed: ZendeskSigned = { secret: SECRET };
const deliver = (payload: unknown, options: ZendeskSigned = signed) =>
  postZendeskSigned(`${pb.url}/api/chorus/zendesk/webhook`, JSON.stringify(payload), options);
const itemsOf = (ticketId: number) => feedbackItemsOf(pb, 'zendesk', ticketId);
const answersOf = (item: RecordModel) =>
  pb.admin.collection('feedback_answers').getFullList({ filter: pb.admin.filter('item = {:id}', { id: item.id }) });
const status = (slug: string) => pb.admin.collection('statuses').getFirstListItem(`slug = "${slug}"`);
const setStatus = (idea: RecordModel, slug: string) =>
  status(slug).then((one) => lead.collection('posts').update(idea.id, { status: one.id }));
const link = (item: RecordModel, idea: RecordModel) =>
  lead.send(`/api/chorus/feedback/${item.id}/link`, { method: 'POST', body: { idea: idea.id } });

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
    const shown = await admin.send('/api/chorus/zendesk/settings', {});
    expect(shown).toMatchObject({
      active: true,
      subdomain: SUBDOMAIN,
      agent_email: AGENT_EMAIL,
      api_token: `…${API_TOKEN.slice(-4)}`,
      signing_secret_set: true,
      capture_tag: 'feedback',
      public_replies: false,
      answer_customers: true,
      webhook_url: `${pb.url}/api/chorus/zendesk/webhook`,
    });
    expect(JSON.stringify(shown)).not.toContain(SECRET);
    expect(JSON.stringify(shown)).not.toContain(API_TOKEN);
    const [record] = await admin.collection('zendesk_settings').getFullList();
    expect(record).not.toHaveProperty('api_token');
    expect(record).not.toHaveProperty('signing_secret');
    await expect(
      admin.collection('zendesk_settings').update(record?.id ?? '', { active: false }),
    ).rejects.toMatchObject({ status: 403 });
    const admins = allowed('admin');
    await expectAccess((actor) => actors[actor].send('/api/chorus/zendesk/settings', {}), admins, 'GET settings');
    await expectAccess(
      (actor) =>
        actors[actor].send('/api/chorus/zendesk/settings', { method: 'POST', body: { capture_tag: 'feedback' } }),
      admins,
      'POST settings',
    );
    await expectAccess(
      async (actor) => {
        // PocketBase lists nothing to whoever the rule turns away: an empty list is a refusal.
        if (!(await actors[actor].collection('zendesk_settings').getFullList()).length) throw refused('none listed');
      },
      admins,
      'the collection',
    );
    const audit = await pb.admin.collection('audit_entries').getFullList({ filter: 'action = "zendesk.settings"' });
    expect(audit.map((entry) => entry.after)).toContainEqual({
      changed: ['active', 'subdomain', 'agent_email', 'api_token', 'signing_secret'],
    });
    expect(JSON.stringify(audit)).not.toContain(SECRET);
    expect(JSON.stringify(audit)).not.toContain(API_TOKEN);
    for (const body of [
      { subdomain: 'acme.evil.com' },
      { agent_email: 'not an email' },
      { api_token: 'short' },
      { signing_secret: 'x y' },
      { capture_tag: 'Has Spaces' },
    ]) {
      await expect(admin.send('/api/chorus/zendesk/settings', { method: 'POST', body })).rejects.toMatchObject({
        status: 400,
      });
    }
  });
});

describe('a tagged ticket', () => {
  it('arrives once, read from Zendesk, with its requester matched by email and the agent who sent it', async () => {
    const ticket = zendesk.addTicket(DANA, 'CSV export', 'Can we export votes to a CSV spreadsheet for finance?');
    const started = performance.now();
    const response = await deliver({ ticket_id: String(ticket.id), agent_id: String(SAM) });
    console.log(`Zendesk delivery to inbox item: ${(performance.now() - started).toFixed(0)} ms`);
    expect(response.status).toBe(200);
    const again = await deliver({ ticket_id: String(ticket.id), agent_id: String(SAM) });
    expect(await again.json()).toEqual({ captured: true, duplicate: true });
    const items = await itemsOf(ticket.id);
    expect(items).toHaveLength(1);
    expect(items[0]).toMatchObject({
      source: 'zendesk',
      external_id: `${ticket.id}:${ticket.comments[0]?.id}`,
      source_url: `https://${SUBDOMAIN}.zendesk.com/agent/tickets/${ticket.id}`,
      author_email: 'dana@globex.test',
      author_name: 'Dana Scully',
      member: dana.id,
      captured_by: staff.id,
      title: 'CSV export',
      quote: 'Can we export votes to a CSV spreadsheet for finance?',
      status: 'new',
    });
    expect(items[0]?.suggestions[0]?.id).toBe(csvIdea.id);
    expect((await admin.send('/api/chorus/zendesk/settings', {})).last_event_at).not.toBe('');
  });

  it('its words come from Zendesk, never the payload; a ticket without the tag is not captured', async () => {
    const ticket = zendesk.addTicket(DANA, 'Dark mode', 'Dark mode for the dashboard, please.');
    await deliver({ ticket_id: String(ticket.id), body: 'Injected words', requester_email: 'evil@attacker.test' });
    const [item] = await itemsOf(ticket.id);
    expect(item).toMatchObject({ quote: 'Dark mode for the dashboard, please.', author_email: 'dana@globex.test' });
    expect(item?.captured_by).toBe(''); // no agent named
    const untagged = zendesk.addTicket(DANA, 'Billing', 'My invoice is wrong.', ['billing']);
    const response = await deliver({ ticket_id: String(untagged.id) });
    expect(await response.json()).toEqual({ captured: false });
    expect(await itemsOf(untagged.id)).toHaveLength(0);
    // A ticket Zendesk does not know: nothing either.
    expect(await (await deliver({ ticket_id: '999999' })).json()).toEqual({ captured: false });
  });
});

describe('a flood', () => {
  it('past 60 tagged deliveries in an hour from one requester, nothing more is captured or read for them', async () => {
    const FLOODER = 701;
    zendesk.addUser({ id: FLOODER, name: 'Flo Od', email: 'flo@flood.test', role: 'end-user' });
    const first = zendesk.addTicket(FLOODER, 'Idea', 'Please add this.');
    // A trigger that fires at every update of the same ticket counts as much as new tickets.
    for (let i = 0; i < 60; i += 15) {
      const answers = await Promise.all(Array.from({ length: 15 }, () => deliver({ ticket_id: String(first.id) })));
      for (const answer of answers) expect(await answer.json()).toMatchObject({ captured: true });
    }
    const next = zendesk.addTicket(FLOODER, 'Another idea', 'Please add that too.');
    const response = await deliver({ ticket_id: String(next.id) });
    expect(response.status).toBe(200); // Zendesk does not retry it
    expect(await response.json()).toEqual({ captured: false });
    expect(await itemsOf(next.id)).toHaveLength(0);
    // Only the ticket itself was read (its tag and requester): not its comments, not its requester.
    expect(zendesk.calls.filter((call) => call.path.startsWith(`/api/v2/tickets/${next.id}`))).toHaveLength(1);
    // Another customer's ticket still arrives.
    const other = zendesk.addTicket(DANA, 'Flood-proof', 'Another customer is heard meanwhile.');
    expect(await (await deliver({ ticket_id: String(other.id) })).json()).toMatchObject({ captured: true });
  });
});

describe('the door refuses, and writes nothing', () => {
  it('a missing or bad signature, an old timestamp, a wrong secret, an oversized or malformed body', async () => {
    const ticket = zendesk.addTicket(DANA, 'SSO', 'Single sign-on with Okta would save our IT team hours.');
    const payload = { ticket_id: String(ticket.id) };
    const body = JSON.stringify(payload);
    const now = Math.floor(Date.now() / 1000);
    const url = `${pb.url}/api/chorus/zendesk/webhook`;
    const refusals: [number, () => Promise<Response>][] = [
      [401, () => deliver(payload, { ...signed, signature: '' })],
      [401, () => deliver(payload, { ...signed, headers: { 'x-zendesk-webhook-signature-timestamp': '' } })],
      [401, () => deliver(payload, { ...signed, signature: 'not base64 at all' })],
      [401, () => deliver(payload, { ...signed, signature: Buffer.alloc(32).toString('base64') })],
      [401, () => deliver(payload, { secret: 'YW5vdGhlcl9zZWNyZXRfbm90X3RoZV9vbmU=' })],
      [401, () => deliver(payload, { ...signed, timestamp: now - 6 * 60 })],
      [401, () => deliver(payload, { ...signed, timestamp: now + 6 * 60 })],
      [401, () => deliver(payload, { ...signed, headers: { 'x-zendesk-webhook-signature-timestamp': String(now) } })],
      // A signature of another body: the words were changed on the way.
      [
        401,
        () => deliver({ ticket_id: String(ticket.id), agent_id: String(SAM) }, { ...signed, signature: sig(body) }),
      ],
      [413, () => postZendeskSigned(url, JSON.stringify({ ...payload, pad: 'x'.repeat(65 * 1024) }), signed)],
      [413, () => postZendeskSigned(url, JSON.stringify({ ...payload, pad: 'é'.repeat(33 * 1024) }), signed)],
      [400, () => postZendeskSigned(url, '{"ticket_id": ', signed)],
      [400, () => postZendeskSigned(url, '[1, 2]', signed)],
      [400, () => deliver({ ticket_id: '12; DROP TABLE' })],
      [400, () => deliver({})],
    ];
    for (const [code, send] of refusals) expect((await send()).status).toBe(code);
    expect(await itemsOf(ticket.id)).toHaveLength(0);
    expect(zendesk.calls.filter((call) => call.path.startsWith(`/api/v2/tickets/${ticket.id}`))).toEqual([]);
  });

  it('everything while the source is switched off', async () => {
    const ticket = zendesk.addTicket(DANA, 'German', 'Could the board speak German?');
    await admin.send('/api/chorus/zendesk/settings', { method: 'POST', body: { active: false } });
    try {
      expect((await deliver({ ticket_id: String(ticket.id) })).status).toBe(404);
    } finally {
      await admin.send('/api/chorus/zendesk/settings', { method: 'POST', body: { active: true } });
    }
    expect(await itemsOf(ticket.id)).toHaveLength(0);
  });
});

/** The signature Zendesk would send for `body` now. */
function sig(body: string) {
  const timestamp = new Date(Math.floor(Date.now() / 1000) * 1000).toISOString().replace(/\.\d{3}Z$/, 'Z');
  return createHmac('sha256', SECRET).update(`${timestamp}${body}`).digest('base64');
}

describe('the answer goes back to the ticket', () => {
  async function capturedTicket(subject: string, said: string) {
    const ticket = zendesk.addTicket(DANA, subject, said);
    await deliver({ ticket_id: String(ticket.id) });
    const [item] = await itemsOf(ticket.id);
    if (!item) throw new Error('not captured');
    return { ticket, item };
  }

  it('an internal note by default, a public reply when the admin chooses; each attempt logged', async () => {
    const idea = await createPost(pb, board, lead, { title: 'Webhooks for every new idea' });
    const { ticket, item } = await capturedTicket('Webhooks', 'We need a webhook whenever a new idea is posted.');
    const linkedAt = Date.now();
    await link(item, idea);
    await setStatus(idea, 'planned');
    const [note] = await until(
      async () => zendesk.puts(ticket.id),
      (list) => list.length === 1,
    );
    console.log(`Zendesk link → ticket told: ${Date.now() - linkedAt} ms`);
    const planned = await status('planned');
    expect(note).toMatchObject({ public: false });
    expect(note?.body).toContain(`“Webhooks for every new idea” moved to ${planned.name}.`);
    expect(note?.body).toContain('We need a webhook whenever a new idea is posted.');
    expect(note?.body).toContain(`https://feedback.example.com/p/${idea.id}`);
    const [answer] = await until(
      () => answersOf(item),
      (rows) => rows[0]?.state === 'sent',
    );
    expect(answer).toMatchObject({ channel: 'zendesk', attempts: 1, response_code: 200, error: '' });
    const attempts = await pb.admin
      .collection('feedback_answer_attempts')
      .getFullList({ filter: pb.admin.filter('answer = {:id}', { id: answer?.id }) });
    expect(attempts).toMatchObject([{ response_code: 200, error: '' }]);

    await admin.send('/api/chorus/zendesk/settings', { method: 'POST', body: { public_replies: true } });
    try {
      await setStatus(idea, 'done');
      const puts = await until(
        async () => zendesk.puts(ticket.id),
        (list) => list.length === 2,
      );
      expect(puts[1]).toMatchObject({ public: true });
      expect(zendesk.ticket(ticket.id)?.comments.at(-1)).toMatchObject({ public: true, author_id: SAM });
    } finally {
      await admin.send('/api/chorus/zendesk/settings', { method: 'POST', body: { public_replies: false } });
    }
  });

  it('a Zendesk that fails is retried, each attempt logged, until it takes the comment', async () => {
    const idea = await createPost(pb, board, lead, { title: 'Translate the board into German' });
    const { ticket, item } = await capturedTicket('German', 'Our team in Berlin would love a German board.');
    await link(item, idea);
    zendesk.failPuts(2);
    await setStatus(idea, 'planned');
    const [answer] = await until(
      () => answersOf(item),
      (rows) => rows[0]?.state === 'sent',
    );
    expect(answer).toMatchObject({ attempts: 3, error: '', response_code: 200 });
    const attempts = await pb.admin
      .collection('feedback_answer_attempts')
      .getFullList({ filter: pb.admin.filter('answer = {:id}', { id: answer?.id }), sort: 'attempted_at' });
    expect(attempts.map((one) => [one.response_code, one.error])).toEqual([
      [503, 'http_5xx'],
      [503, 'http_5xx'],
      [200, ''],
    ]);
    expect(zendesk.puts(ticket.id)).toHaveLength(3); // two refused, one taken
    expect(zendesk.ticket(ticket.id)?.comments).toHaveLength(2);
  });

  it('a ticket Zendesk will never take a comment on (closed) is given up at once, logged', async () => {
    const idea = await createPost(pb, board, lead, { title: 'A public API for creating ideas' });
    const { ticket, item } = await capturedTicket('API', 'A public API for creating ideas from our CRM.');
    await link(item, idea);
    const closed = zendesk.ticket(ticket.id);
    if (closed) closed.status = 'closed';
    await setStatus(idea, 'planned');
    const [answer] = await until(
      () => answersOf(item),
      (rows) => rows[0]?.state !== 'pending',
    );
    expect(answer).toMatchObject({ state: 'failed', attempts: 1, response_code: 422, error: 'zendesk:unprocessable' });
  });

  it('nothing when the admin switched Zendesk answers off', async () => {
    await admin.send('/api/chorus/zendesk/settings', { method: 'POST', body: { answer_customers: false } });
    try {
      const idea = await createPost(pb, board, lead, { title: 'Single sign-on with Okta' });
      const { ticket, item } = await capturedTicket('Okta', 'Single sign-on with Okta, please.');
      await link(item, idea);
      await setStatus(idea, 'planned');
      expect(await answersOf(item)).toEqual([]);
      expect(zendesk.puts(ticket.id)).toEqual([]);
    } finally {
      await admin.send('/api/chorus/zendesk/settings', { method: 'POST', body: { answer_customers: true } });
    }
  });
});
