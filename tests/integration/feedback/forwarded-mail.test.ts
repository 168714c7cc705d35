// Forwarded mail into the staff feedback inbox (issue 58), through the real local SMTP listener and a real
// PocketBase: a staff member forwards a customer's email (Gmail, Outlook, Apple Mail, or attached whole) to the
// inbox's signed address; the item's author is the ORIGINAL sender, it waits for a staff action (no vote, no idea),
// the same message forwarded twice is one item; anyone but authenticated active staff gets nothing in.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fetchInbox } from '../../../src/features/feedback/feedback-data';
import { type AiStandIn, aiEnv, startAi } from '../../support/ai';
import { dkimKey, dkimSign } from '../../support/dkim';
import { INBOUND_DOMAIN, type InboundMailWorld, startInboundMailWorld } from '../../support/inbound-mail';
import type { TestPocketBase } from '../../support/pocketbase';
import { mimeMessage, sendRaw } from '../../support/smtp-send';
import { createBoard, createPost } from '../../support/world';
import { countRequests, holdAnswers, openTab, type Tab, waitFor } from '../stores/tab';

// acme.test: the company using Chorus; its mail is DKIM-signed and leaves from 192.0.2.0/24 (never this machine).
const acmeKey = dkimKey('acme.test');
let ai: AiStandIn;
let world: InboundMailWorld;
let pb: TestPocketBase;
let inboxAddress: string;
let csvIdea: RecordModel;
let darkIdea: RecordModel;
let staff: RecordModel;
let lead: PocketBase;

beforeAll(async () => {
  ai = await startAi();
  world = await startInboundMailWorld({
    records: {
      'acme.test': { TXT: ['v=spf1 ip4:192.0.2.0/24 -all'] },
      [acmeKey.recordName]: { TXT: [acmeKey.record] },
    },
    env: aiEnv(ai),
  });
  pb = world.pb;
  const board = await createBoard(pb, 'public');
  lead = await pb.actor('moderator', { email: 'sam@acme.test', name: 'Sam Support' });
  staff = lead.authStore.record as RecordModel;
  await pb.actor('member', { email: 'intern@acme.test', name: 'Ian Intern' });
  csvIdea = await createPost(pb, board, lead, { title: IDEAS[0] });
  darkIdea = await createPost(pb, board, lead, { title: IDEAS[1] });
  await createPost(pb, board, lead, { title: IDEAS[2] });
  for (const title of IDEAS.slice(3)) await createPost(pb, board, lead, { title });
  await allIndexed();
  inboxAddress = (await lead.send<{ mail_address: string }>('/api/chorus/feedback', {})).mail_address;
}, 120_000);
afterAll(async () => {
  await world?.stop();
  await ai?.stop();
});

/** Waits until every idea has its vector (the indexer runs beside each save). */
async function allIndexed() {
  const deadline = Date.now() + 30_000;
  for (;;) {
    const status = await pb.admin.send<{ indexed: number; total: number; stale: number }>('/api/chorus/ai/status', {});
    if (status.indexed === status.total && status.stale === 0) return;
    if (Date.now() > deadline) throw new Error(`ideas not indexed: ${JSON.stringify(status)}`);
    await new Promise((resolve) => setTimeout(resolve, 150));
  }
}

const IDEAS = [
  'Export votes to a CSV spreadsheet',
  'Dark mode for the dashboard',
  'Single sign-on with Okta',
  'Slack notifications when an idea changes status',
  'A public API for creating ideas',
  'Translate the board into German',
];

let sequence = 0;
/** A forward from `from` (DKIM-signed by acme.test unless `signed` is false). */
function forward(from: string, text: string, options: { signed?: boolean; attachment?: string } = {}) {
  sequence += 1;
  const raw = mimeMessage({
    from,
    to: inboxAddress,
    subject: `Fwd: Customer request ${sequence}`,
    text,
    ...(options.attachment
      ? {
          attachments: [
            { filename: 'original.eml', contentType: 'message/rfc822', content: Buffer.from(options.attachment) },
          ],
        }
      : {}),
  });
  return options.signed === false ? raw : dkimSign(raw, acmeKey);
}
/** The one item whose author is `email` (a test fails when there is none). */
async function itemBy(email: string): Promise<RecordModel> {
  const [item] = await itemsBy(email);
  if (!item) throw new Error(`no feedback item from ${email}`);
  return item;
}
const itemsBy = (email: string) =>
  pb.admin
    .collection('feedback_items')
    .getFullList({ filter: pb.admin.filter('author_email = {:email}', { email }), sort: 'created' });

describe('a staff member forwards a customer’s email', () => {
  it('the inbox address is signed on the inbound domain, shown to staff only', async () => {
    expect(inboxAddress).toMatch(new RegExp(`^f\\.[a-f0-9]{24}@${INBOUND_DOMAIN.replace('.', '\\.')}$`));
    const member = await pb.actor('member');
    await expect(member.send('/api/chorus/feedback', {})).rejects.toMatchObject({ status: 403 });
  });

  it('Gmail: the original sender is the author, the quote and the note kept, ideas suggested, nothing posted', async () => {
    const votesBefore = (await pb.admin.collection('votes').getList(1, 1)).totalItems;
    const raw = forward(
      'Sam Support <sam@acme.test>',
      [
        'Another one asking for spreadsheets.',
        '',
        '---------- Forwarded message ---------',
        'From: Dana Scully <dana@globex.test>',
        'Date: Mon, 23 Nov 2026 at 10:02',
        'Subject: Getting our data out',
        'To: <support@acme.test>',
        '',
        'Hi! Is there a way to download all the votes as a CSV file? Our finance team wants a spreadsheet.',
        '',
        'On Fri, 20 Nov 2026, Support <support@acme.test> wrote:',
        '> Thanks for reaching out.',
      ].join('\r\n'),
    );
    const started = performance.now();
    expect(await sendRaw(world.inbound.port, 'bounces@acme.test', inboxAddress, raw)).toBe('sent');
    const item = await itemBy('dana@globex.test');
    console.log(`Forwarded email to inbox item: ${(performance.now() - started).toFixed(0)} ms (SMTP to stored)`);
    expect(item).toMatchObject({
      source: 'mail',
      status: 'new',
      author_name: 'Dana Scully',
      title: 'Getting our data out',
      quote: 'Hi! Is there a way to download all the votes as a CSV file? Our finance team wants a spreadsheet.',
      note: 'Another one asking for spreadsheets.',
      captured_by: staff.id,
      idea: '',
    });
    expect(item.source_url).toBe('mailto:dana@globex.test?subject=Re%3A%20Getting%20our%20data%20out');
    expect(item.suggestions[0].id).toBe(csvIdea.id);
    // Waiting for staff: no account, no vote in the customer's name.
    expect((await pb.admin.collection('votes').getList(1, 1)).totalItems).toBe(votesBefore);
    await expect(pb.admin.collection('users').getFirstListItem('email = "dana@globex.test"')).rejects.toMatchObject({
      status: 404,
    });
  });

  it('the same customer email forwarded twice (by a retry or a colleague) is one item', async () => {
    const text = [
      '---------- Forwarded message ---------',
      'From: Fox Mulder <fox@globex.test>',
      'Subject: Night owls',
      '',
      'The dashboard is blinding at night, a dark theme please.',
    ].join('\r\n');
    for (let i = 0; i < 2; i++) {
      expect(await sendRaw(world.inbound.port, 'bounces@acme.test', inboxAddress, forward('sam@acme.test', text))).toBe(
        'sent',
      );
    }
    const items = await itemsBy('fox@globex.test');
    expect(items).toHaveLength(1);
    expect(items[0]?.suggestions[0].id).toBe(darkIdea.id);
  });

  it('Outlook’s From:/Sent: block and Apple Mail’s “Begin forwarded message:”', async () => {
    const outlook = [
      'FYI',
      '',
      '________________________________',
      'From: Walter Skinner [mailto:walter@fbi.test]',
      'Sent: Tuesday, November 24, 2026 9:14 AM',
      'To: Support <support@acme.test>',
      'Subject: SSO',
      '',
      'We can only roll this out if people sign in with Okta.',
    ].join('\r\n');
    const apple = [
      'Begin forwarded message:',
      '',
      'From: "Monica Reyes" <monica@fbi.test>',
      'Subject: Colours',
      'Date: 24 November 2026 at 11:00:00 CET',
      'To: support@acme.test',
      '',
      'Could the dashboard follow the system dark mode?',
    ].join('\r\n');
    for (const text of [outlook, apple]) {
      expect(await sendRaw(world.inbound.port, 'bounces@acme.test', inboxAddress, forward('sam@acme.test', text))).toBe(
        'sent',
      );
    }
    expect(await itemsBy('walter@fbi.test')).toMatchObject([
      {
        author_name: 'Walter Skinner',
        title: 'SSO',
        quote: 'We can only roll this out if people sign in with Okta.',
        note: 'FYI',
      },
    ]);
    expect(await itemsBy('monica@fbi.test')).toMatchObject([
      { author_name: 'Monica Reyes', title: 'Colours', quote: 'Could the dashboard follow the system dark mode?' },
    ]);
  });

  it('forwarded as an attachment (message/rfc822): read from the attached message, its Message-ID the dedupe key', async () => {
    const original = mimeMessage({
      from: 'John Doggett <john@fbi.test>',
      to: 'support@acme.test',
      subject: 'Exports',
      text: 'Please let us export votes to CSV.',
    });
    for (let i = 0; i < 2; i++) {
      const raw = forward('sam@acme.test', 'See attached.', { attachment: original });
      expect(await sendRaw(world.inbound.port, 'bounces@acme.test', inboxAddress, raw)).toBe('sent');
    }
    const items = await itemsBy('john@fbi.test');
    expect(items).toMatchObject([
      { author_name: 'John Doggett', title: 'Exports', quote: 'Please let us export votes to CSV.' },
    ]);
    expect(items[0]?.external_id).toMatch(/@test\.local>$/);
  });
});

describe('suggestions for messages in other words than the ideas they mean', () => {
  // Written for this test, each without the idea's key words where it could (the words a customer would use).
  const PARAPHRASES: [string, number][] = [
    ['Could I download everything people voted on into Excel?', 0],
    ['The white screen hurts my eyes late in the evening.', 1],
    ['Our IT department requires that staff log in through our identity provider.', 2],
    ['Please ping our team chat whenever something you are building moves forward.', 3],
    ['We would like to create ideas automatically from our own software.', 4],
    ['Our colleagues in Berlin would prefer the site in their own language.', 5],
    ['Is there a way to get a spreadsheet of the votes?', 0],
    ['A darker colour scheme would be easier at night.', 1],
    ['Finance wants the tally of every request as a file they can open in their accounting tool.', 0],
    ['Could the pages be less bright? I work nights and it is glaring.', 1],
    ['We manage every account in Okta and cannot hand out separate passwords.', 2],
    ['Signing in with our company account instead of yet another password, please.', 2],
    ['Tell our channel when a request we care about is planned or shipped.', 3],
    ['Our engineers want a message in their workspace when progress happens.', 3],
    ['Is there an endpoint our developers can call to submit suggestions from our app?', 4],
    ['We want our support tool to file requests programmatically.', 4],
    ['Half our customers read only Deutsch; can the portal speak it?', 5],
    ['A localised version for Germany and Austria would help adoption.', 5],
    ['How do I get the numbers out so I can chart them myself?', 0],
    ['My eyes are tired after an hour on this bright interface.', 1],
  ];

  it('offers the idea meant in its top three for most of them, and says how many', async () => {
    // A colleague of Sam forwards these: 20 forwards from one address would pass its hourly allowance (30).
    await pb.actor('moderator', { email: 'kim@acme.test', name: 'Kim Support' });
    const ids = await Promise.all(
      IDEAS.map(
        async (title) =>
          (await pb.admin.collection('posts').getFirstListItem(pb.admin.filter('title = {:title}', { title }))).id,
      ),
    );
    let right = 0;
    let spent = 0;
    const missed: string[] = [];
    for (const [index, [words, meant]] of PARAPHRASES.entries()) {
      const email = `paraphrase-${index}@initech.test`;
      const text = ['---------- Forwarded message ---------', `From: <${email}>`, 'Subject: Question', '', words].join(
        '\r\n',
      );
      const started = performance.now();
      expect(await sendRaw(world.inbound.port, 'bounces@acme.test', inboxAddress, forward('kim@acme.test', text))).toBe(
        'sent',
      );
      spent += performance.now() - started;
      const item = await itemBy(email);
      const offered = (item.suggestions as { id: string }[]).map((one) => one.id);
      if (offered.slice(0, 3).includes(ids[meant] ?? '')) right += 1;
      else missed.push(`"${words}" (meant "${IDEAS[meant]}")`);
    }
    console.log(
      `Feedback suggestions: ${right} of ${PARAPHRASES.length} paraphrased messages offered the idea meant in the top three; ` +
        `${(spent / PARAPHRASES.length).toFixed(0)} ms a forward, SMTP to stored; missed: ${missed.join('; ')}`,
    );
    // 15 of 20 with the local model (use-lite-en) on 2026-11-28; the model and the ranking are deterministic.
    expect(right).toBeGreaterThanOrEqual(15);
  });
});

describe('live in a staff member’s open inbox', () => {
  let tab: Tab;
  afterAll(() => tab?.close());

  it('a forward appears in the open inbox’s store, and linking it there votes on the customer’s behalf', async () => {
    tab = await openTab(pb.url, lead);
    const stop = tab.feedback.startInbox(await fetchInbox(tab.client), '');
    await tab.live();
    const email = 'live@initech.test';
    const text = [
      '---------- Forwarded message ---------',
      `From: Lou <${email}>`,
      'Subject: Spreadsheets',
      '',
      'Please let us export every vote to a CSV spreadsheet.',
    ].join('\r\n');
    const started = performance.now();
    const waitingBefore = tab.feedback.$inbox.get()?.counts.mail ?? 0;
    expect(await sendRaw(world.inbound.port, 'bounces@acme.test', inboxAddress, forward('sam@acme.test', text))).toBe(
      'sent',
    );
    await waitFor(() => Boolean(tab.feedback.$inbox.get()?.items.some((item) => item.author_email === email)), 10_000);
    console.log(
      `Forwarded email to the open inbox (live, in a staff tab): ${(performance.now() - started).toFixed(0)} ms`,
    );
    const item = tab.feedback.$inbox.get()?.items.find((one) => one.author_email === email);
    expect(item?.suggestions[0]?.id).toBe(csvIdea.id);
    expect(tab.feedback.$inbox.get()?.counts.mail).toBe(waitingBefore + 1);
    expect(await tab.feedback.linkSelected(item)).toBe(true);
    expect(tab.feedback.$inbox.get()?.items.some((one) => one.author_email === email)).toBe(false);
    const customer = await pb.admin.collection('users').getFirstListItem(`email = "${email}"`);
    await expect(
      pb.admin.collection('votes').getFirstListItem(`post = "${csvIdea.id}" && user = "${customer.id}"`),
    ).resolves.toMatchObject({ on_behalf_by: staff.id });
    stop();
  });

  it('an open inbox follows arrivals and another staff member’s decisions item by item, never reading the whole list again', async () => {
    const stop = tab.feedback.startInbox(await fetchInbox(tab.client), '');
    await tab.live();
    const sent = countRequests(tab.client);
    const email = 'item-by-item@initech.test';
    const text = [
      '---------- Forwarded message ---------',
      `From: Ida <${email}>`,
      '',
      'Dark mode for the board, please.',
    ];
    const waitingBefore = tab.feedback.$inbox.get()?.counts.mail ?? 0;
    expect(
      await sendRaw(world.inbound.port, 'bounces@acme.test', inboxAddress, forward('sam@acme.test', text.join('\r\n'))),
    ).toBe('sent');
    await waitFor(() => Boolean(tab.feedback.$inbox.get()?.items.some((item) => item.author_email === email)), 10_000);
    expect(tab.feedback.$inbox.get()?.counts.mail).toBe(waitingBefore + 1);
    const item = tab.feedback.$inbox.get()?.items.find((one) => one.author_email === email);
    const colleague = await pb.actor('moderator');
    await colleague.send(`/api/chorus/feedback/${item?.id}/dismiss`, { method: 'POST' });
    await waitFor(() => !tab.feedback.$inbox.get()?.items.some((one) => one.author_email === email), 10_000);
    expect(tab.feedback.$inbox.get()?.counts.mail).toBe(waitingBefore);
    expect(sent.filter((request) => request === 'GET /api/chorus/feedback')).toEqual([]);
    expect(sent).toContain(`GET /api/chorus/feedback/${item?.id}`);
    stop();
  });

  it('an arrival while the whole inbox is being read again stays: the read answered before it does not hide it', async () => {
    const stop = tab.feedback.startInbox(await fetchInbox(tab.client), '');
    await tab.live();
    // The whole read is answered by the server, then held on its way to the tab while the arrival is heard.
    const wholeRead = holdAnswers(
      tab.client,
      (url, method) => method === 'GET' && new URL(url).pathname === '/api/chorus/feedback',
    );
    const reading = tab.feedback.refresh();
    await wholeRead.answered;
    const heard: string[] = [];
    const stopHearing = tab.realtime.listen<{ id: string }>('feedback_items', '*', ({ record }) =>
      heard.push(record.id),
    );
    await tab.live();
    const arrival = await pb.admin.collection('feedback_items').create({
      source: 'mail',
      dedupe_key: `late-read-${Date.now()}`,
      author_email: 'late@initech.test',
      author_name: 'Lena Late',
      title: 'While the inbox was read',
      quote: 'Arrived while the whole list was on its way.',
      status: 'new',
    });
    await waitFor(() => heard.includes(arrival.id), 10_000);
    // Time for a store that adds the arrival at once (a read of it alone) to have done so before the old answer lands.
    await new Promise((resolve) => setTimeout(resolve, 300));
    wholeRead.release();
    await reading;
    expect(tab.feedback.$inbox.get()?.items.map((one) => one.id)).toContain(arrival.id);
    stopHearing();
    delete tab.client.beforeSend;
    stop();
  });
});

describe('nobody else gets anything in', () => {
  const customerText = [
    '---------- Forwarded message ---------',
    'From: Eve <eve@globex.test>',
    'Subject: Sneaky',
    '',
    'Please post this in my name.',
  ].join('\r\n');

  it('a member who is not staff, authenticated: refused, nothing kept', async () => {
    const raw = forward('Ian Intern <intern@acme.test>', customerText);
    expect(await sendRaw(world.inbound.port, 'bounces@acme.test', inboxAddress, raw)).toBe(550);
    expect(await itemsBy('eve@globex.test')).toHaveLength(0);
  });

  it('a stranger forging the staff member’s From: refused, and nobody is asked “Did you send this?”', async () => {
    const raw = forward('Sam Support <sam@acme.test>', customerText, { signed: false });
    expect(await sendRaw(world.inbound.port, 'mallory@evil.test', inboxAddress, raw)).toBe(550);
    expect(await itemsBy('eve@globex.test')).toHaveLength(0);
    const pending = await pb.admin.collection('inbound_pending').getList(1, 1);
    expect(pending.totalItems).toBe(0);
  });

  it('a forged inbox address, a forward with no original sender, and an oversize quote', async () => {
    const wrong = inboxAddress.replace(/^f\.[a-f0-9]{4}/, 'f.0000');
    expect(await sendRaw(world.inbound.port, 'bounces@acme.test', wrong, forward('sam@acme.test', customerText))).toBe(
      550,
    );
    expect(
      await sendRaw(world.inbound.port, 'bounces@acme.test', inboxAddress, forward('sam@acme.test', 'Just my words.')),
    ).toBe(550);
    const long = `${customerText.replace('Eve <eve@globex.test>', 'Long <long@globex.test>')} ${'word '.repeat(4000)}`;
    expect(await sendRaw(world.inbound.port, 'bounces@acme.test', inboxAddress, forward('sam@acme.test', long))).toBe(
      'sent',
    );
    const item = await itemBy('long@globex.test');
    expect(item.quote.length).toBeLessThanOrEqual(10_000);
    expect(await itemsBy('eve@globex.test')).toHaveLength(0);
  });
});
