// Intercom's inbox app (issue 58; Canvas Kit) against a real PocketBase and a local Intercom: requests shaped and signed
// as Canvas Kit's (developers.intercom.com/docs/canvas-kit, "Requests" and "Signing notifications"; recorded in
// tests/support/intercom-server.ts) show the customer, the ideas they want and a search; a click links the
// conversation to an idea as the feedback inbox's Link does (the vote on the customer's behalf, the quote kept as
// staff-only evidence, the item linked), once however often it is clicked, and only for a teammate who is Chorus
// staff; anything unsigned, forged, from another workspace or oversized is refused and writes nothing.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { feedbackItemsOf, startDeskAppWorld } from '../../support/desk-world';
import { postCanvasSigned, startIntercomServer, WORKSPACE } from '../../support/intercom-server';
import type { TestPocketBase } from '../../support/pocketbase';
import { statementsSince } from '../../support/sql-log';
import { createBoard, createPost } from '../../support/world';

const SECRET = '7a1c3e5f7b9d1f3a5c7e9b1d3f5a7c9e'; // a client secret's shape
const TOKEN = 'dG9rOjAxMjM0NTY3Xzg5YWJfY2RlZjoxOjA='; // an access token's shape
const SAM = '814860'; // a teammate who is Chorus staff
const KIM = '814861'; // a teammate who is not
const SUE = '814862'; // another teammate who is Chorus staff
const DANA = '5bc8f7ae2d96695c18a0a1b2'; // a customer, a member of the board
const LEE = '5bc8f7ae2d96695c18a0a1b3'; // a customer Chorus does not know yet
const ANON = '5bc8f7ae2d96695c18a0a1b4'; // a lead without an email
const EVE = '5bc8f7ae2d96695c18a0a1b5'; // a customer whose name is Markdown
const MAX = '5bc8f7ae2d96695c18a0a1b6'; // a customer who wants many ideas
const JO = '814863'; // a teammate who is Chorus staff and reads Chorus in German

interface Component {
  type: string;
  id?: string;
  text?: string;
  style?: string;
  items?: { id: string; title: string; subtitle?: string; action: { type: string; url?: string } }[];
}
interface Canvas {
  canvas: { content: { components: Component[] }; stored_data: Record<string, unknown> };
}

let intercom: Awaited<ReturnType<typeof startIntercomServer>>;
let pb: TestPocketBase;
let admin: PocketBase;
let staff: RecordModel;
let dana: RecordModel;
let csvIdea: RecordModel;
let darkIdea: RecordModel;

beforeAll(async () => {
  intercom = await startIntercomServer({ token: TOKEN });
  ({ pb, staff, dana, csvIdea, darkIdea } = await startDeskAppWorld(
    { CHORUS_INTERCOM_API_URL: intercom.url },
    undefined,
    true, // every SQL statement printed: what one answer reads is counted
  ));
  admin = await pb.actor('admin');
  intercom.addAdmin({ id: SAM, name: 'Sam Support', email: 'sam@acme.test' });
  intercom.addAdmin({ id: KIM, name: 'Kim Keen', email: 'kim@acme.test' });
  intercom.addContact({ id: DANA, name: 'Dana Scully', email: 'dana@globex.test' });
  intercom.addContact({ id: LEE, name: 'Lee Newman', email: 'lee@initech.test' });
  intercom.addContact({ id: ANON, name: '', email: null, role: 'lead' });
  await admin.send('/api/chorus/intercom/settings', {
    method: 'POST',
    body: { active: true, workspace_id: WORKSPACE, admin_id: SAM, access_token: TOKEN, client_secret: SECRET },
  });
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await intercom?.close();
});

const INITIALIZE = () => `${pb.url}/api/chorus/intercom/canvas/initialize`;
const SUBMIT = () => `${pb.url}/api/chorus/intercom/canvas/submit`;
type Submit = Parameters<typeof intercom.canvasRequest>[2];

/** The canvas Chorus answers teammate `adminId` opening the app (or, with `submit`, clicking) in `conversation`. */
async function canvasFor(adminId: string, conversation: string, submit?: Submit): Promise<Canvas> {
  const body = JSON.stringify(intercom.canvasRequest(adminId, conversation, submit));
  const answer = await postCanvasSigned(submit ? SUBMIT() : INITIALIZE(), body, SECRET);
  expect(answer.status).toBe(200);
  return (await answer.json()) as Canvas;
}
const components = (canvas: Canvas) => canvas.canvas.content.components;
const texts = (canvas: Canvas) => components(canvas).flatMap((one) => (one.type === 'text' ? [one.text] : []));
const listed = (canvas: Canvas) => components(canvas).flatMap((one) => one.items ?? []);
const itemsOf = (conversation: string) => feedbackItemsOf(pb, 'intercom', conversation);
const votesOf = (idea: RecordModel, user: RecordModel) =>
  pb.admin
    .collection('votes')
    .getFullList({ filter: pb.admin.filter('post = {:p} && user = {:u}', { p: idea.id, u: user.id }) });

describe('the door', () => {
  it('refuses an unsigned, forged, foreign or oversized request and writes nothing', async () => {
    const conversation = intercom.addConversation(DANA, '<p>Please add dark mode</p>');
    const body = JSON.stringify(intercom.canvasRequest(SAM, conversation.id, { component_id: `link:${darkIdea.id}` }));
    expect((await postCanvasSigned(SUBMIT(), body, SECRET, '')).status).toBe(401);
    expect((await postCanvasSigned(SUBMIT(), body, 'another-secret-of-the-right-size')).status).toBe(401);
    expect((await postCanvasSigned(INITIALIZE(), `${body} `, SECRET, await signatureOf(body))).status).toBe(401);
    const foreign = JSON.stringify({ ...JSON.parse(body), workspace_id: 'zz99yy88' });
    expect((await postCanvasSigned(SUBMIT(), foreign, SECRET)).status).toBe(403);
    const huge = JSON.stringify({ ...JSON.parse(body), padding: 'x'.repeat(300 * 1024) });
    expect((await postCanvasSigned(SUBMIT(), huge, SECRET)).status).toBe(413);
    expect(await itemsOf(conversation.id)).toHaveLength(0);
  });

  it('gives the two addresses to paste into the app on the settings', async () => {
    expect(await admin.send('/api/chorus/intercom/settings', {})).toMatchObject({
      canvas_initialize_url: `${pb.url}/api/chorus/intercom/canvas/initialize`,
      canvas_submit_url: `${pb.url}/api/chorus/intercom/canvas/submit`,
    });
  });
});

async function signatureOf(body: string) {
  const { createHmac } = await import('node:crypto');
  return createHmac('sha256', SECRET).update(body).digest('hex');
}

describe('opening the app', () => {
  it('shows a known customer, the ideas they want with links, and a search', async () => {
    const started = performance.now();
    const canvas = await canvasFor(SAM, intercom.addConversation(DANA, '<p>Hello</p>').id);
    console.log(`Intercom app opened: ${Math.round(performance.now() - started)} ms`);
    expect(texts(canvas)).toContain('*Dana Scully*');
    expect(listed(canvas)).toEqual([
      expect.objectContaining({
        id: `open:${darkIdea.id}`,
        title: 'Dark mode for the widget',
        action: { type: 'url', url: `https://feedback.example.com/p/${darkIdea.id}` },
      }),
    ]);
    expect(components(canvas)).toContainEqual(
      expect.objectContaining({ type: 'input', id: 'query', action: { type: 'submit' } }),
    );
  });

  it('keeps the first canvas short: the latest three ideas wanted, then how many more', async () => {
    const max = (await pb.actor('member', { email: 'max@globex.test', name: 'Max Many' })).authStore
      .record as RecordModel;
    intercom.addContact({ id: MAX, name: 'Max Many', email: 'max@globex.test' });
    const board = await createBoard(pb, 'public');
    const author = await pb.actor('moderator');
    for (const title of ['Webhooks retry', 'SAML sign-in', 'Slack digest', 'Jira sync']) {
      const idea = await createPost(pb, board, author, { title });
      await pb.admin.collection('votes').create({ post: idea.id, user: max.id });
    }
    const canvas = await canvasFor(SAM, intercom.addConversation(MAX, '<p>Hi</p>').id);
    expect(listed(canvas).map((one) => one.title)).toEqual(['Jira sync', 'Slack digest', 'SAML sign-in']);
    expect(texts(canvas)).toContain('and 1 more idea');
  });

  it('names each shown idea’s status, the statuses read once for the whole canvas', async () => {
    const board = await createBoard(pb, 'public');
    const author = await pb.actor('moderator');
    const named: Record<string, string> = {};
    for (const status of await pb.admin.collection('statuses').getFullList({ sort: 'position' })) {
      const idea = await createPost(pb, board, author, { title: `Export while ${status.name}`, status: status.id });
      named[`link:${idea.id}`] = status.name;
    }
    expect(new Set(Object.values(named)).size).toBeGreaterThan(2);
    const from = pb.output().length;
    const canvas = await canvasFor(SAM, intercom.addConversation(DANA, '<p>Hi</p>').id, {
      component_id: 'query',
      input_values: { query: 'export while' },
    });
    const found = listed(canvas).filter((one) => one.id in named);
    expect(found.length).toBeGreaterThan(2);
    for (const one of found) expect(one.subtitle).toBe(`${named[one.id]} · 0 votes`);
    expect(statementsSince(pb.output(), from, ['statuses'])).toHaveLength(1);
  });

  it('shows a customer Chorus does not know yet, and says when Intercom knows no email', async () => {
    const unknown = await canvasFor(SAM, intercom.addConversation(LEE, '<p>Hi</p>').id);
    expect(texts(unknown)).toEqual(expect.arrayContaining(['*lee@initech.test*', 'No ideas wanted yet.']));
    expect(listed(unknown)).toEqual([]);
    const anonymous = await canvasFor(SAM, intercom.addConversation(ANON, '<p>Hi</p>').id);
    expect(texts(anonymous)).toEqual([expect.stringContaining('no email address')]);
  });

  it('offers the captured conversation’s suggested ideas, one click to link', async () => {
    const conversation = intercom.addConversation(DANA, '<p>I need a CSV of the votes</p>');
    await pb.admin.collection('feedback_items').create({
      source: 'intercom',
      external_id: `${conversation.id}:${conversation.opening.id}`,
      dedupe_key: `canvas-test-${conversation.id}`,
      author_email: 'dana@globex.test',
      author_name: 'Dana Scully',
      member: dana.id,
      title: 'CSV of the votes',
      quote: 'I need a CSV of the votes',
      suggestions: [{ id: csvIdea.id, score: 0.03, via: 'words' }],
      status: 'new',
    });
    const canvas = await canvasFor(SAM, conversation.id);
    expect(listed(canvas)).toContainEqual(
      expect.objectContaining({ id: `link:${csvIdea.id}`, title: 'Export votes to a CSV spreadsheet' }),
    );
    const linked = await canvasFor(SAM, conversation.id, { component_id: `link:${csvIdea.id}` });
    expect(texts(linked)[0]).toBe('Linked: Dana Scully now wants “Export votes to a CSV spreadsheet”.');
    const [item] = await itemsOf(conversation.id);
    expect(item).toMatchObject({ status: 'linked', idea: csvIdea.id, acted_by: staff.id });
    expect(await itemsOf(conversation.id)).toHaveLength(1); // the captured item itself, no second capture
  });
});

describe('searching and linking', () => {
  it('finds ideas by their words, each a Link', async () => {
    const conversation = intercom.addConversation(LEE, '<p>Hi</p>');
    const canvas = await canvasFor(SAM, conversation.id, {
      component_id: 'query',
      input_values: { query: 'dark mode' },
    });
    expect(listed(canvas)[0]).toMatchObject({ id: `link:${darkIdea.id}`, title: 'Dark mode for the widget' });
  });

  it('links a conversation not yet captured: the vote on their behalf, the quote kept for staff, once', async () => {
    const conversation = intercom.addConversation(LEE, '<p>We would love <b>dark mode</b> in the widget.</p>');
    const click = { component_id: `link:${darkIdea.id}` };
    const started = performance.now();
    const canvas = await canvasFor(SAM, conversation.id, click);
    console.log(`Intercom app: a conversation captured and linked: ${Math.round(performance.now() - started)} ms`);
    expect(texts(canvas)[0]).toBe('Linked: Lee Newman now wants “Dark mode for the widget”.');
    expect(listed(canvas)).toContainEqual(expect.objectContaining({ id: `open:${darkIdea.id}` }));
    const [item] = await itemsOf(conversation.id);
    expect(item).toMatchObject({
      status: 'linked',
      idea: darkIdea.id,
      author_email: 'lee@initech.test',
      quote: 'We would love dark mode in the widget.',
      acted_by: staff.id,
    });
    const lee = await pb.admin.collection('users').getFirstListItem('email = "lee@initech.test"');
    const votes = await votesOf(darkIdea, lee);
    expect(votes).toEqual([expect.objectContaining({ on_behalf_by: staff.id })]);
    const evidence = await pb.admin.collection('comments').getOne(item?.evidence);
    expect(evidence).toMatchObject({ post: darkIdea.id, internal: true, author: staff.id });
    expect(evidence.body).toContain('> We would love dark mode in the widget.');
    const from = pb.output().length;
    const again = await canvasFor(SAM, conversation.id, click);
    expect(texts(again)[0]).toContain('already linked');
    // The words (the site's language: Sam chose none) are read once for the click and the canvas it answers.
    expect(statementsSince(pb.output(), from, ['site'])).toHaveLength(1);
    expect(await itemsOf(conversation.id)).toHaveLength(1);
    expect(await votesOf(darkIdea, lee)).toHaveLength(1);
  });

  it('shows a hostile name as words, never as a link', async () => {
    intercom.addContact({ id: EVE, name: '[Win a prize](https://evil.test) *now*', email: 'eve@evil.test' });
    const conversation = intercom.addConversation(EVE, '<p>Dark mode!</p>');
    const canvas = await canvasFor(SAM, conversation.id, { component_id: `link:${darkIdea.id}` });
    expect(texts(canvas)[0]).toContain('\\[Win a prize\\]\\(https://evil.test\\) \\*now\\*');
  });

  it('refuses a teammate who is not Chorus staff', async () => {
    const conversation = intercom.addConversation(LEE, '<p>CSV please</p>');
    const opened = await canvasFor(KIM, conversation.id);
    expect(components(opened)).toEqual([expect.objectContaining({ style: 'error' })]);
    const clicked = await canvasFor(KIM, conversation.id, { component_id: `link:${csvIdea.id}` });
    expect(texts(clicked)).toEqual([expect.stringContaining('Only Chorus staff')]);
    expect(await itemsOf(conversation.id)).toHaveLength(0);
  });

  it('speaks the staff member’s language: the canvas, the counts and what a click did', async () => {
    const jo = (await pb.actor('moderator', { email: 'jo@acme.test', name: 'Jo Berger' })).authStore
      .record as RecordModel;
    await pb.admin.collection('users').update(jo.id, { locale: 'de' });
    intercom.addAdmin({ id: JO, name: 'Jo Berger', email: 'jo@acme.test' });
    const opened = await canvasFor(JO, intercom.addConversation(DANA, '<p>Hallo</p>').id);
    expect(components(opened).find((one) => one.id === 'query')).toMatchObject({ label: 'Ideen suchen' });
    expect(listed(opened)).toContainEqual(expect.objectContaining({ subtitle: expect.stringMatching(/\d Stimmen?$/) }));
    const searched = await canvasFor(JO, intercom.addConversation(DANA, '<p>Hallo</p>').id, {
      component_id: 'search',
      input_values: { query: 'zzzz-nothing' },
    });
    expect(texts(searched)).toContain('Keine Idee passt zu „zzzz-nothing“.');
    const conversation = intercom.addConversation(LEE, '<p>CSV bitte</p>');
    const linked = await canvasFor(JO, conversation.id, { component_id: `link:${csvIdea.id}` });
    expect(texts(linked)[0]).toBe('Verknüpft: Lee Newman wünscht sich jetzt „Export votes to a CSV spreadsheet“.');
    // A teammate who is not staff has no language in Chorus: the site's (English here).
    expect(texts(await canvasFor(KIM, conversation.id))[0]).toContain('Only Chorus staff');
  });

  it('stops a teammate past 120 clicks an hour', async () => {
    await pb.actor('moderator', { email: 'sue@acme.test', name: 'Sue Swift' });
    intercom.addAdmin({ id: SUE, name: 'Sue Swift', email: 'sue@acme.test' });
    const conversation = intercom.addConversation(LEE, '<p>Hi</p>');
    const body = JSON.stringify(intercom.canvasRequest(SUE, conversation.id, { component_id: 'refresh' }));
    const started = performance.now();
    for (let sent = 0; sent < 120; sent += 20) {
      const answers = await Promise.all(Array.from({ length: 20 }, () => postCanvasSigned(SUBMIT(), body, SECRET)));
      for (const answer of answers) expect(JSON.stringify(await answer.json())).toContain('"id":"query"');
    }
    console.log(`Intercom app: 120 clicks, ${Math.round(performance.now() - started)} ms`);
    const past = (await (await postCanvasSigned(SUBMIT(), body, SECRET)).json()) as Canvas;
    expect(texts(past)).toEqual([expect.stringContaining('Too many clicks')]);
    const linking = JSON.stringify(
      intercom.canvasRequest(SUE, conversation.id, { component_id: `link:${csvIdea.id}` }),
    );
    expect(texts((await (await postCanvasSigned(SUBMIT(), linking, SECRET)).json()) as Canvas)[0]).toContain(
      'Too many',
    );
    expect(await itemsOf(conversation.id)).toHaveLength(0);
  });
});
