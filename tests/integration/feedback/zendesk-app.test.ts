// Zendesk's ticket sidebar app (issue 58; Zendesk Apps framework v2) against a real PocketBase and a local Zendesk
// (tests/support/zendesk-server.ts): the app's calls, as Zendesk's proxy sends them (client.request with the app's
// secure setting as "Authorization: Bearer …", developer.zendesk.com/documentation/apps/getting-started/making-api-
// requests-from-a-zendesk-app/), show the requester read from Zendesk's API, the ideas they want and a search; a Link
// links the ticket to an idea as the feedback inbox's Link does (the vote on the requester's behalf, the quote kept as
// staff-only evidence, the item linked), once however often it is clicked, and only for an agent who is Chorus staff;
// a missing or forged token, the source off, an oversized body or an agent past the hour's allowance writes nothing.
// The package an admin uploads is a zip made for this Chorus, made again when an address in it changes; each client
// address may download it 20 times an hour.
import { unzipSync } from 'fflate';
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { forwardedAddress } from '../../../src/lib/pb/client-address.mjs';
import { feedbackItemsOf, startDeskAppWorld } from '../../support/desk-world';
import type { TestPocketBase } from '../../support/pocketbase';
import { statementsSince } from '../../support/sql-log';
import { createBoard, createPost } from '../../support/world';
import { SUBDOMAIN, startZendeskServer } from '../../support/zendesk-server';

const AGENT_EMAIL = 'sam@acme.test';
const API_TOKEN = 'k3yStandInApiTokenForTests0123456789abcd';
const APP_TOKEN = 'appTokenForTheSidebar_0123456789abcdefXYZ'; // the admin's, typed into Zendesk's install form too
const DANA = 501; // a requester, a member of the board
const LEE = 502; // a requester Chorus does not know yet
const SAM = 601; // an agent, staff in Chorus
const KIM = 602; // an agent whose email is a member of the board, not staff
const EVA = 503; // an end-user whose email is a staff member's: not an agent
const SUE = 603; // another agent, staff in Chorus
const JO = 604; // an agent, staff in Chorus, who reads Chorus in German
const MAX = 504; // a requester who wants ideas of every status

interface Idea {
  id: string;
  title: string;
  status: string;
  votes: number;
  url: string;
  linked: boolean;
}
interface Sidebar {
  customer: { name: string; email: string; member: boolean };
  wanted: Idea[];
  suggested: Idea[];
  found?: Idea[];
  query?: string;
  said?: string;
}

let zendesk: Awaited<ReturnType<typeof startZendeskServer>>;
let pb: TestPocketBase;
let admin: PocketBase;
let lead: PocketBase;
let staff: RecordModel;
let dana: RecordModel;
let csvIdea: RecordModel;
let darkIdea: RecordModel;
let secretIdea: RecordModel;

beforeAll(async () => {
  zendesk = await startZendeskServer({ email: AGENT_EMAIL, token: API_TOKEN });
  ({ pb, lead, staff, dana, csvIdea, darkIdea } = await startDeskAppWorld(
    { CHORUS_ZENDESK_API_URL: zendesk.url },
    AGENT_EMAIL,
    true, // every SQL statement printed: what one answer reads is counted
  ));
  admin = await pb.actor('admin');
  await pb.actor('moderator', { email: 'sue@acme.test', name: 'Sue Swift' });
  zendesk.addUser({ id: DANA, name: 'Dana Scully', email: 'dana@globex.test', role: 'end-user' });
  zendesk.addUser({ id: LEE, name: 'Lee Newman', email: 'lee@initech.test', role: 'end-user' });
  zendesk.addUser({ id: SAM, name: 'Sam Support', email: AGENT_EMAIL, role: 'agent' });
  zendesk.addUser({ id: KIM, name: 'Kim Keen', email: 'kim@acme.test', role: 'agent' });
  zendesk.addUser({ id: EVA, name: 'Eva Imposter', email: 'sue@acme.test', role: 'end-user' });
  zendesk.addUser({ id: SUE, name: 'Sue Swift', email: 'sue@acme.test', role: 'admin' });
  secretIdea = await createPost(pb, await createBoard(pb, 'staff'), lead, { title: 'Secret pricing overhaul' });
  await admin.send('/api/chorus/zendesk/settings', {
    method: 'POST',
    body: { active: true, subdomain: SUBDOMAIN, agent_email: AGENT_EMAIL, api_token: API_TOKEN, app_token: APP_TOKEN },
  });
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await zendesk?.close();
});

/** A call of the app through Zendesk's proxy: `route` with `body` as JSON, the bearer token as given. */
function appCall(route: 'ideas' | 'link', body: unknown, token: string | null = APP_TOKEN) {
  return fetch(`${pb.url}/api/chorus/zendesk/app/${route}`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      ...(token === null ? {} : { authorization: `Bearer ${token}` }),
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
}
async function sidebarOf(route: 'ideas' | 'link', body: Record<string, unknown>): Promise<Sidebar> {
  const answer = await appCall(route, body);
  expect(answer.status, await answer.clone().text()).toBe(200);
  return (await answer.json()) as Sidebar;
}
const opened = (ticket: { id: number }, agent = SAM, extra: Record<string, unknown> = {}) =>
  sidebarOf('ideas', { ticket_id: String(ticket.id), agent_id: String(agent), ...extra });
const itemsOf = (ticketId: number) => feedbackItemsOf(pb, 'zendesk', ticketId);
const votesOn = (idea: RecordModel) =>
  pb.admin.collection('votes').getFullList({ filter: pb.admin.filter('post = {:p}', { p: idea.id }) });

describe('the door', () => {
  it('refuses a missing or forged token, a body that is not the app’s, and an oversized one; writes nothing', async () => {
    const ticket = zendesk.addTicket(LEE, 'Dark mode', 'Please add dark mode');
    const link = { ticket_id: String(ticket.id), agent_id: String(SAM), idea: darkIdea.id };
    const votes = (await votesOn(darkIdea)).length;
    expect((await appCall('link', link, null)).status).toBe(401);
    expect((await appCall('link', link, 'appTokenForTheSidebar_0123456789abcdefXYz')).status).toBe(401);
    expect((await appCall('link', link, '')).status).toBe(401);
    const refused = await appCall(
      'ideas',
      { ticket_id: String(ticket.id), agent_id: String(SAM), query: 'secret' },
      'x',
    );
    expect(await refused.text()).not.toContain('Secret pricing');
    expect((await appCall('link', '[1]')).status).toBe(400);
    expect((await appCall('link', { ...link, ticket_id: '1 OR 1=1' })).status).toBe(400);
    expect((await appCall('link', { ...link, padding: 'x'.repeat(9 * 1024) })).status).toBe(413);
    expect(await itemsOf(ticket.id)).toHaveLength(0);
    expect(await votesOn(darkIdea)).toHaveLength(votes);
  });

  it('answers 404 while the Zendesk source is off, even with the right token', async () => {
    const ticket = zendesk.addTicket(DANA, 'Hello', 'Hi');
    await admin.send('/api/chorus/zendesk/settings', { method: 'POST', body: { active: false } });
    try {
      const answer = await appCall('ideas', { ticket_id: String(ticket.id), agent_id: String(SAM) });
      expect(answer.status).toBe(404);
      expect(await answer.text()).not.toContain('Dark mode');
    } finally {
      await admin.send('/api/chorus/zendesk/settings', { method: 'POST', body: { active: true } });
    }
  });

  it('refuses an agent who is not Chorus staff, and an end-user who shares a staff member’s email', async () => {
    const ticket = zendesk.addTicket(DANA, 'Secret', 'Anything about pricing?');
    for (const agent of [KIM, EVA, 999]) {
      const body = { ticket_id: String(ticket.id), agent_id: String(agent), query: 'Secret pricing' };
      const answer = await appCall('ideas', body);
      expect(answer.status).toBe(403);
      expect(await answer.text()).not.toContain('Secret pricing overhaul');
      expect((await appCall('link', { ...body, idea: secretIdea.id })).status).toBe(403);
    }
    expect(await itemsOf(ticket.id)).toHaveLength(0);
    expect(await votesOn(secretIdea)).toHaveLength(0);
  });

  it('refuses at once a staff member blocked since their last request', async () => {
    const ticket = zendesk.addTicket(DANA, 'Hi', 'Hi');
    const body = { ticket_id: String(ticket.id), agent_id: String(SUE) };
    expect((await appCall('ideas', body)).status).toBe(200);
    const sue = await pb.admin.collection('users').getFirstListItem('email = "sue@acme.test"');
    await pb.admin.collection('users').update(sue.id, { blocked: true });
    try {
      expect((await appCall('ideas', body)).status).toBe(403);
    } finally {
      await pb.admin.collection('users').update(sue.id, { blocked: false });
    }
  });

  it('keeps the app token secret: admins see that it is set, and a short one is refused', async () => {
    const shown = await admin.send('/api/chorus/zendesk/settings', {});
    expect(shown).toMatchObject({ app_token_set: true, app_package_url: `${pb.url}/api/chorus/zendesk/app/package` });
    expect(JSON.stringify(shown)).not.toContain(APP_TOKEN);
    const [record] = await admin.collection('zendesk_settings').getFullList();
    expect(record).not.toHaveProperty('app_token');
    await expect(
      admin.send('/api/chorus/zendesk/settings', { method: 'POST', body: { app_token: 'too-short' } }),
    ).rejects.toMatchObject({ status: 400 });
  });
});

describe('the package', () => {
  it('is a zip of the app made for this Chorus, with no secret in it', async () => {
    const answer = await fetch(`${pb.url}/api/chorus/zendesk/app/package`);
    expect(answer.status).toBe(200);
    expect(answer.headers.get('content-type')).toBe('application/zip');
    const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
    expect(Object.keys(files).sort()).toEqual([
      'assets/iframe.html',
      'assets/logo-small.png',
      'assets/logo.png',
      'assets/main.js',
      'manifest.json',
      'translations/en.json',
    ]);
    const manifest = JSON.parse(new TextDecoder().decode(files['manifest.json']));
    expect(manifest.domainWhitelist).toEqual([new URL(pb.url).host]);
    expect(manifest.author).toMatchObject({ name: 'Chorus', url: 'https://feedback.example.com' });
    expect(manifest.parameters).toContainEqual(expect.objectContaining({ name: 'server_url', default: pb.url }));
    expect(manifest.parameters).toContainEqual(expect.objectContaining({ name: 'app_token', secure: true }));
    const text = Object.values(files)
      .map((bytes) => new TextDecoder().decode(bytes))
      .join('\n');
    expect(text).not.toContain(APP_TOKEN);
    expect(text).not.toContain(API_TOKEN);
  });

  it('is made again for the address a request reached, and when the site’s address or sender changes', async () => {
    const original = (await pb.admin.settings.getAll()).meta;
    const https = await manifestOf('10.60.0.1', { 'x-forwarded-proto': 'https' });
    expect(https.parameters).toContainEqual(expect.objectContaining({ default: pb.url.replace('http:', 'https:') }));
    const plain = await manifestOf('10.60.0.1');
    expect(plain.parameters).toContainEqual(expect.objectContaining({ name: 'server_url', default: pb.url }));
    try {
      await pb.admin.settings.update({
        meta: { appURL: 'https://ideas.example.org', senderAddress: 'hello@ideas.example.org' },
      });
      const moved = await manifestOf('10.60.0.1');
      expect(moved.author).toMatchObject({ url: 'https://ideas.example.org', email: 'hello@ideas.example.org' });
    } finally {
      await pb.admin.settings.update({ meta: { appURL: original.appURL, senderAddress: original.senderAddress } });
    }
    expect((await manifestOf('10.60.0.1')).author.url).toBe('https://feedback.example.com');
  });

  it('is downloaded at most 20 times an hour from one address: then 429, for that address alone', async () => {
    const times: number[] = [];
    for (let sent = 0; sent < 20; sent++) {
      const started = performance.now();
      const answer = await packageFrom('10.61.0.1');
      expect(answer.status).toBe(200);
      expect((await answer.arrayBuffer()).byteLength).toBeGreaterThan(10_000);
      times.push(performance.now() - started);
    }
    times.sort((a, b) => a - b);
    console.log(`Zendesk app package: 20 downloads, median ${times[10]?.toFixed(1)} ms`);
    const past = await packageFrom('10.61.0.1');
    expect(past.status).toBe(429);
    expect(past.headers.get('content-type')).not.toBe('application/zip');
    expect((await packageFrom('10.61.0.2')).status).toBe(200);
  });
});

/** The package as the client at `address` downloads it (headers as given). */
const packageFrom = (address: string, headers: Record<string, string> = {}) =>
  fetch(`${pb.url}/api/chorus/zendesk/app/package`, {
    headers: { ...forwardedAddress(pb.proxySecret, address), ...headers },
  });
async function manifestOf(address: string, headers: Record<string, string> = {}) {
  const answer = await packageFrom(address, headers);
  expect(answer.status).toBe(200);
  const files = unzipSync(new Uint8Array(await answer.arrayBuffer()));
  return JSON.parse(new TextDecoder().decode(files['manifest.json']));
}

describe('beside a ticket', () => {
  it('names each idea’s status, the statuses read once for all the ideas an answer shows', async () => {
    const max = (await pb.actor('member', { email: 'max@globex.test', name: 'Max Many' })).authStore
      .record as RecordModel;
    zendesk.addUser({ id: MAX, name: 'Max Many', email: 'max@globex.test', role: 'end-user' });
    const board = await createBoard(pb, 'public');
    const named: Record<string, string> = {};
    for (const status of await pb.admin.collection('statuses').getFullList({ sort: 'position' })) {
      const idea = await createPost(pb, board, lead, { title: `Wanted while ${status.name}`, status: status.id });
      await pb.admin.collection('votes').create({ post: idea.id, user: max.id });
      named[idea.id] = status.name;
    }
    expect(new Set(Object.values(named)).size).toBeGreaterThan(2);
    const from = pb.output().length;
    const sidebar = await opened(zendesk.addTicket(MAX, 'Hello', 'Hello there'));
    expect(Object.fromEntries(sidebar.wanted.map((idea) => [idea.id, idea.status]))).toEqual(named);
    expect(statementsSince(pb.output(), from, ['statuses'])).toHaveLength(1);
  });

  it('shows the requester read from Zendesk, the ideas they want with links, and what they look like', async () => {
    const ticket = zendesk.addTicket(DANA, 'Hello', 'Hello there');
    const started = performance.now();
    const sidebar = await opened(ticket);
    console.log(`Zendesk app opened: ${Math.round(performance.now() - started)} ms`);
    expect(sidebar.customer).toEqual({ name: 'Dana Scully', email: 'dana@globex.test', member: true });
    expect(sidebar.wanted).toEqual([
      {
        id: darkIdea.id,
        title: 'Dark mode for the widget',
        status: expect.any(String),
        votes: 1,
        url: `https://feedback.example.com/p/${darkIdea.id}`,
        linked: false,
      },
    ]);
    expect(sidebar.suggested).toEqual([]);
  });

  it('trusts Zendesk, not the app, for who asked: a requester named in the body changes nothing', async () => {
    const ticket = zendesk.addTicket(LEE, 'Hi', 'Hi');
    const sidebar = await opened(ticket, SAM, { requester_email: 'dana@globex.test', email: 'dana@globex.test' });
    expect(sidebar.customer).toEqual({ name: 'Lee Newman', email: 'lee@initech.test', member: false });
    expect(sidebar.wanted).toEqual([]);
    const unknown = await appCall('ideas', { ticket_id: '999999', agent_id: String(SAM) });
    expect(unknown.status).toBe(404);
  });

  it('offers the captured ticket’s suggested ideas, and links to one in a click', async () => {
    const ticket = zendesk.addTicket(DANA, 'CSV', 'I need a CSV of the votes');
    await pb.admin.collection('feedback_items').create({
      source: 'zendesk',
      external_id: `${ticket.id}:${ticket.comments[0]?.id}`,
      dedupe_key: `zendesk-app-test-${ticket.id}`,
      author_email: 'dana@globex.test',
      author_name: 'Dana Scully',
      member: dana.id,
      title: 'CSV',
      quote: 'I need a CSV of the votes',
      suggestions: [
        { id: csvIdea.id, score: 0.03, via: 'words' },
        { id: 'zzzzzzzzzzzzzzz', score: 0.02, via: 'words' },
      ],
      status: 'new',
    });
    const sidebar = await opened(ticket);
    expect(sidebar.suggested.map((idea) => idea.id)).toEqual([csvIdea.id]);
    const linked = await sidebarOf('link', { ticket_id: String(ticket.id), agent_id: String(SAM), idea: csvIdea.id });
    expect(linked.said).toBe('Linked: Dana Scully now wants “Export votes to a CSV spreadsheet”.');
    expect(linked.wanted.map((idea) => idea.id)).toContain(csvIdea.id);
    const items = await itemsOf(ticket.id);
    expect(items).toHaveLength(1); // the captured item itself, no second capture
    expect(items[0]).toMatchObject({ status: 'linked', idea: csvIdea.id, acted_by: staff.id });
  });
});

describe('searching and linking', () => {
  it('finds ideas by their words, staff-only boards included for staff', async () => {
    const ticket = zendesk.addTicket(LEE, 'Hi', 'Hi');
    const sidebar = await opened(ticket, SAM, { query: '  dark   mode ' });
    expect(sidebar.query).toBe('dark mode');
    expect(sidebar.found?.[0]).toMatchObject({ id: darkIdea.id, title: 'Dark mode for the widget', linked: false });
    const secret = await opened(ticket, SAM, { query: 'secret pricing' });
    expect(secret.found?.map((idea) => idea.id)).toContain(secretIdea.id);
  });

  it('links a ticket not yet captured: the vote on their behalf, the quote kept for staff, once', async () => {
    const ticket = zendesk.addTicket(LEE, 'Dark mode', 'We would love dark mode in the widget.', ['billing']);
    const click = { ticket_id: String(ticket.id), agent_id: String(SAM), idea: darkIdea.id };
    const started = performance.now();
    const sidebar = await sidebarOf('link', click);
    console.log(`Zendesk app: a ticket captured and linked: ${Math.round(performance.now() - started)} ms`);
    expect(sidebar.said).toBe('Linked: Lee Newman now wants “Dark mode for the widget”.');
    expect(sidebar.customer.member).toBe(true);
    expect(sidebar.wanted).toContainEqual(expect.objectContaining({ id: darkIdea.id, linked: true }));
    const [item] = await itemsOf(ticket.id);
    expect(item).toMatchObject({
      status: 'linked',
      idea: darkIdea.id,
      author_email: 'lee@initech.test',
      quote: 'We would love dark mode in the widget.',
      source_url: `https://${SUBDOMAIN}.zendesk.com/agent/tickets/${ticket.id}`,
      acted_by: staff.id,
      captured_by: staff.id,
    });
    const lee = await pb.admin.collection('users').getFirstListItem('email = "lee@initech.test"');
    const votes = await pb.admin
      .collection('votes')
      .getFullList({ filter: pb.admin.filter('post = {:p} && user = {:u}', { p: darkIdea.id, u: lee.id }) });
    expect(votes).toEqual([expect.objectContaining({ on_behalf_by: staff.id })]);
    const evidence = await pb.admin.collection('comments').getOne(item?.evidence);
    expect(evidence).toMatchObject({ post: darkIdea.id, internal: true, author: staff.id });
    expect(evidence.body).toContain('> We would love dark mode in the widget.');
    const from = pb.output().length;
    const again = await sidebarOf('link', click);
    expect(again.said).toContain('already linked');
    // The words (the site's language: Sam chose none) are read once for the click and the sidebar it answers.
    expect(statementsSince(pb.output(), from, ['site'])).toHaveLength(1);
    expect(await itemsOf(ticket.id)).toHaveLength(1);
    const gone = await appCall('link', { ...click, idea: 'zzzzzzzzzzzzzzz' });
    expect(gone.status).toBe(404);
  });

  it('speaks the staff member’s language: the page’s words, the counts’ forms and what a click did', async () => {
    const jo = (await pb.actor('moderator', { email: 'jo@acme.test', name: 'Jo Berger' })).authStore.record;
    await pb.admin.collection('users').update(jo?.id ?? '', { locale: 'de' });
    zendesk.addUser({ id: JO, name: 'Jo Berger', email: 'jo@acme.test', role: 'agent' });
    const ticket = zendesk.addTicket(LEE, 'CSV', 'CSV bitte');
    const sidebar = (await opened(ticket, JO)) as Sidebar & { words: Record<string, unknown> };
    expect(sidebar.words).toMatchObject({
      locale: 'de',
      search: 'Ideen suchen',
      noneWanted: 'Noch keine gewünschten Ideen.',
      noMatch: 'Keine Idee passt zu „{query}“.',
      votes: { one: '{count} Stimme', other: '{count} Stimmen' },
    });
    const linked = await sidebarOf('link', { ticket_id: String(ticket.id), agent_id: String(JO), idea: csvIdea.id });
    expect(linked.said).toBe('Verknüpft: Lee Newman wünscht sich jetzt „Export votes to a CSV spreadsheet“.');
    // An agent who is not staff has no language in Chorus: the refusal is in the site's (English here).
    const refused = await appCall('ideas', { ticket_id: String(ticket.id), agent_id: String(KIM) });
    expect((await refused.json()).message).toContain('your Zendesk email is not a Chorus staff account');
  });

  it('counts an agent’s requests before anything is read: past 120 an hour, 429, for that agent alone', async () => {
    const ticket = zendesk.addTicket(LEE, 'Hi', 'Hi');
    // An agent id Zendesk does not know (refused 403, read from Zendesk once) spends the allowance fastest.
    const stranger = { ticket_id: String(ticket.id), agent_id: '777' };
    const started = performance.now();
    for (let sent = 0; sent < 120; sent += 20) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => appCall('ideas', stranger)));
      expect(answers.map((answer) => answer.status)).toEqual(Array(20).fill(403));
    }
    console.log(`Zendesk app: 120 requests, ${Math.round(performance.now() - started)} ms`);
    const reads = zendesk.calls.length;
    expect((await appCall('ideas', stranger)).status).toBe(429);
    expect((await appCall('link', { ...stranger, idea: csvIdea.id })).status).toBe(429);
    expect(zendesk.calls.length).toBe(reads); // refused before Zendesk is asked anything
    expect((await appCall('ideas', { ticket_id: String(ticket.id), agent_id: String(SAM) })).status).toBe(200);
    expect(await itemsOf(ticket.id)).toHaveLength(0);
  });
});
