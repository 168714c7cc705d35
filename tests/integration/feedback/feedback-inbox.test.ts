// The staff feedback inbox (issue 58) against a real PocketBase: who may read and act on feedback items (the eight
// actors, denials included), and what each action does: link (the customer's vote on their behalf, the quote kept as
// an internal comment members never see), a new idea prefilled from the quote, dismiss; each write's abuse cases.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  type Actor,
  type Actors,
  allowed,
  createActors,
  createBoard,
  createPost,
  expectAccess,
  idOf,
  refused,
} from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let board: RecordModel;
let idea: RecordModel;
let made = 0;
const STAFF = allowed('moderator', 'admin');
const NOBODY = allowed();

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  idea = await createPost(pb, board, actors.admin, { title: 'Export votes to CSV' });
}, 60_000);
afterAll(() => pb?.stop());

/** A feedback item as a source captures it, arranged by the superuser. */
function item(fields: Record<string, unknown> = {}): Promise<RecordModel> {
  made += 1;
  return pb.admin.collection('feedback_items').create({
    source: 'mail',
    dedupe_key: `key-${made}-${Math.random().toString(36).slice(2)}`,
    author_email: `customer-${made}@acme.test`,
    author_name: `Customer ${made}`,
    title: 'Can we get a CSV export?',
    quote: 'We need to export the votes to a spreadsheet every Monday.',
    status: 'new',
    suggestions: [{ id: idea.id, score: 0.03, via: 'words' }],
    ...fields,
  });
}
const as = (actor: Actor) => actors[actor];
const post = (client: PocketBase, path: string, body: Record<string, unknown> = {}) =>
  client.send(path, { method: 'POST', body });

describe('who reads and acts on feedback', () => {
  let one: RecordModel;
  beforeAll(async () => {
    one = await item();
  });

  it('lists and views: active staff only', async () => {
    await expectAccess(async (a) => {
      const list = await as(a)
        .collection('feedback_items')
        .getFullList({ filter: `id = "${one.id}"` });
      if (list.length !== 1) throw refused('not in the list');
    }, STAFF);
    await expectAccess((a) => as(a).collection('feedback_items').getOne(one.id), STAFF);
  });

  it('creates, updates and deletes through the collection API: nobody', async () => {
    await expectAccess(
      (a) =>
        as(a)
          .collection('feedback_items')
          .create({ source: 'mail', dedupe_key: `forged-${a}`, quote: 'forged', status: 'new' }),
      NOBODY,
    );
    await expectAccess((a) => as(a).collection('feedback_items').update(one.id, { status: 'dismissed' }), NOBODY);
    await expectAccess((a) => as(a).collection('feedback_items').delete(one.id), NOBODY);
  });

  it('reads the inbox and each item through the routes: active staff only', async () => {
    await expectAccess((a) => as(a).send('/api/chorus/feedback', {}), STAFF);
    await expectAccess((a) => as(a).send(`/api/chorus/feedback/${one.id}`, {}), STAFF);
  });

  it('links, makes a new idea, dismisses: active staff only (each on an item of its own)', async () => {
    await expectAccess(
      async (a) => post(as(a), `/api/chorus/feedback/${(await item()).id}/link`, { idea: idea.id }),
      STAFF,
    );
    await expectAccess(
      async (a) =>
        post(as(a), `/api/chorus/feedback/${(await item()).id}/idea`, { board: board.id, title: `From ${a}` }),
      STAFF,
    );
    await expectAccess(async (a) => post(as(a), `/api/chorus/feedback/${(await item()).id}/dismiss`), STAFF);
  });
});

describe('link', () => {
  it('votes on the customer’s behalf, keeps the quote as staff-only evidence, and names the source', async () => {
    const customer = await pb.actor('member', { email: 'dana@globex.test', name: 'Dana Scully' });
    const company = await pb.admin
      .collection('companies')
      .create({ external_id: 'globex', name: 'Globex', plan: 'Enterprise', monthly_revenue: 4200 });
    await pb.admin.collection('member_profiles').create({ user: idOf(customer), company: company.id });
    const one = await item({ author_email: 'dana@globex.test', author_name: 'Dana Scully', member: idOf(customer) });
    const inbox = await actors.moderator.send('/api/chorus/feedback', {});
    const shown = inbox.items.find((x: { id: string }) => x.id === one.id);
    expect(shown).toMatchObject({
      member: { id: idOf(customer), name: 'Dana Scully' },
      company: { name: 'Globex', plan: 'Enterprise', monthly_revenue: 4200 },
      suggestions: [{ id: idea.id, title: 'Export votes to CSV' }],
    });
    expect(inbox.counts.mail).toBeGreaterThan(0);

    const linked = await post(actors.moderator, `/api/chorus/feedback/${one.id}/link`, { idea: idea.id });
    expect(linked).toMatchObject({
      status: 'linked',
      idea: { id: idea.id },
      voted: { user: idOf(customer), already: false },
    });
    const vote = await pb.admin
      .collection('votes')
      .getFirstListItem(`post = "${idea.id}" && user = "${idOf(customer)}"`);
    expect(vote.on_behalf_by).toBe(idOf(actors.moderator));
    const stored = await pb.admin.collection('feedback_items').getOne(one.id);
    expect(stored).toMatchObject({ status: 'linked', idea: idea.id, acted_by: idOf(actors.moderator) });
    const evidence = await pb.admin.collection('comments').getOne(stored.evidence);
    expect(evidence).toMatchObject({ post: idea.id, internal: true, author: idOf(actors.moderator) });
    expect(evidence.body).toContain('> We need to export the votes');
    expect(evidence.body).toContain('Dana Scully <dana@globex.test>, via forwarded email');
    // The customer and other members never see it; staff do.
    await expect(customer.collection('comments').getOne(evidence.id)).rejects.toMatchObject({ status: 404 });
    await expect(actors.admin.collection('comments').getOne(evidence.id)).resolves.toMatchObject({ id: evidence.id });
  });

  it('a new customer gets an unverified account for the vote; a second decision is refused', async () => {
    const one = await item({ author_email: 'new.person@initech.test', author_name: 'New Person' });
    await post(actors.admin, `/api/chorus/feedback/${one.id}/link`, { idea: idea.id });
    const account = await pb.admin.collection('users').getFirstListItem('email = "new.person@initech.test"');
    expect(account).toMatchObject({ verified: false, role: 'member', name: 'New Person' });
    await expect(post(actors.admin, `/api/chorus/feedback/${one.id}/dismiss`)).rejects.toMatchObject({ status: 400 });
    await expect(post(actors.admin, `/api/chorus/feedback/${one.id}/link`, { idea: idea.id })).rejects.toMatchObject({
      status: 400,
    });
  });

  it('refuses an idea the staff member cannot see, a locked one, and a staff account as the customer', async () => {
    const one = await item();
    await expect(
      post(actors.admin, `/api/chorus/feedback/${one.id}/link`, { idea: 'nosuchidea12345' }),
    ).rejects.toMatchObject({
      status: 404,
    });
    const locked = await createPost(pb, board, actors.admin, { title: 'Closed', locked: true });
    await expect(post(actors.admin, `/api/chorus/feedback/${one.id}/link`, { idea: locked.id })).rejects.toMatchObject({
      status: 400,
    });
    const staffAuthor = await item({ author_email: actors.moderator.authStore.record?.email });
    await expect(
      post(actors.admin, `/api/chorus/feedback/${staffAuthor.id}/link`, { idea: idea.id }),
    ).rejects.toMatchObject({ status: 400 });
    // Nothing half done: the item still waits.
    expect((await pb.admin.collection('feedback_items').getOne(staffAuthor.id)).status).toBe('new');
    await expect(
      post(actors.admin, '/api/chorus/feedback/nosuchitem12345/link', { idea: idea.id }),
    ).rejects.toMatchObject({
      status: 404,
    });
  });
});

describe('new idea and dismiss', () => {
  it('a new idea is prefilled from the quote, written by the staff member, and linked', async () => {
    const one = await item({ title: 'Dark mode please', quote: 'My eyes hurt at night. A dark theme would help.' });
    const made = await post(actors.moderator, `/api/chorus/feedback/${one.id}/idea`, { board: board.id });
    const created = await pb.admin.collection('posts').getOne(made.idea.id);
    expect(created).toMatchObject({
      title: 'Dark mode please',
      body: 'My eyes hurt at night. A dark theme would help.',
      author: idOf(actors.moderator),
      approved: true,
      vote_count: 1,
    });
    expect((await pb.admin.collection('feedback_items').getOne(one.id)).status).toBe('linked');
  });

  it('hostile and oversize input is refused or kept as text', async () => {
    const hostile = '<img src=x onerror=alert(1)>\u202eevil';
    const one = await item({ title: hostile, quote: `<script>alert(1)</script> ${hostile}` });
    await expect(
      post(actors.admin, `/api/chorus/feedback/${one.id}/idea`, { board: board.id, title: 'x'.repeat(500) }),
    ).rejects.toMatchObject({ status: 400 });
    await expect(
      post(actors.admin, `/api/chorus/feedback/${one.id}/idea`, { board: 'nosuchboard1234' }),
    ).rejects.toMatchObject({
      status: 400,
    });
    const staffBoard = await createBoard(pb, 'staff');
    await expect(
      post(actors.admin, `/api/chorus/feedback/${one.id}/idea`, { board: board.id, body: 'y'.repeat(20_000) }),
    ).rejects.toMatchObject({ status: 400 });
    const made = await post(actors.admin, `/api/chorus/feedback/${one.id}/idea`, { board: staffBoard.id });
    const created = await pb.admin.collection('posts').getOne(made.idea.id);
    // Kept as text (the page escapes it), without the bidi override.
    expect(created.title).toBe('<img src=x onerror=alert(1)>evil');
    expect(created.body).toContain('<script>alert(1)</script>');
  });

  it('dismiss takes it out of the inbox and posts nothing', async () => {
    const one = await item({ title: 'Not for us' });
    const before = (await pb.admin.collection('posts').getList(1, 1)).totalItems;
    await post(actors.moderator, `/api/chorus/feedback/${one.id}/dismiss`);
    expect(await pb.admin.collection('feedback_items').getOne(one.id)).toMatchObject({
      status: 'dismissed',
      acted_by: idOf(actors.moderator),
    });
    expect((await pb.admin.collection('posts').getList(1, 1)).totalItems).toBe(before);
    const inbox = await actors.moderator.send('/api/chorus/feedback', {});
    expect(inbox.items.map((x: { id: string }) => x.id)).not.toContain(one.id);
    const dismissed = await actors.moderator.send('/api/chorus/feedback', { query: { status: 'dismissed' } });
    expect(dismissed.items.map((x: { id: string }) => x.id)).toContain(one.id);
  });
});
