// Custom fields on ideas (issue #24, item 4): who reads and writes an admin's definitions, who reads an
// idea's staff-only values (directly, and by probing posts with a filter or a sort), every bad value the
// server refuses with a message naming the field, and webhook payloads carrying public values only.
import type { ClientResponseError, RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { startWebhookReceiver } from '../../support/webhook-receiver';
import {
  ACTORS,
  type Actors,
  allowed,
  attempt,
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
let receiver: Awaited<ReturnType<typeof startWebhookReceiver>>;
beforeAll(async () => {
  receiver = await startWebhookReceiver();
  pb = await startTestPocketBase({ appUrl: 'http://chorus.test' });
  actors = await createActors(pb);
  board = await createBoard(pb, 'public');
  const define = (fields: Record<string, unknown>) =>
    pb.admin.collection('custom_fields').create({ board: board.id, public: true, ...fields });
  await define({ key: 'area', label: 'Area', type: 'select', options: ['Billing', 'Reports'], required: true });
  await define({ key: 'seats', label: 'Seats', type: 'number', position: 1 });
  await define({ key: 'note', label: 'Note', type: 'text', max_length: 20, position: 2 });
  await define({ key: 'due', label: 'Due', type: 'date', position: 3 });
  await define({ key: 'apps', label: 'Apps', type: 'multiselect', options: ['Web', 'iOS'], position: 4 });
  await define({ key: 'deal', label: 'Deal', type: 'text', public: false, position: 5 });
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await receiver?.close();
});

const post = (actor: keyof Actors, fields: unknown) =>
  actors[actor].collection('posts').create({ board: board.id, author: idOf(actors[actor]), title: 'Idea', fields });
const fieldErrorsOf = async (action: () => Promise<unknown>) => {
  try {
    await action();
  } catch (error) {
    const response = (error as ClientResponseError).response as { data?: Record<string, { message: string }> };
    return Object.fromEntries(Object.entries(response.data ?? {}).map(([name, detail]) => [name, detail.message]));
  }
  throw new Error('the write was accepted');
};

describe('definitions', () => {
  it('are read by whoever sees the board (public ones) and by staff (all); written by admins', async () => {
    const staffBoard = await createBoard(pb, 'staff');
    await pb.admin
      .collection('custom_fields')
      .create({ board: staffBoard.id, key: 'hidden_board', label: 'H', type: 'text', public: true });
    for (const [key, reads] of [
      ['area', allowed(...ACTORS)],
      ['deal', allowed('moderator', 'admin')],
      ['hidden_board', allowed('moderator', 'admin')],
    ] as const) {
      await expectAccess(
        async (actor) => {
          const list = await actors[actor].collection('custom_fields').getList(1, 50, { filter: `key = "${key}"` });
          if (list.items.length === 0) throw refused('not listed');
          await actors[actor].collection('custom_fields').getOne(list.items[0]?.id ?? '');
        },
        reads,
        key,
      );
    }
    await expectAccess(
      (actor) =>
        actors[actor]
          .collection('custom_fields')
          .create({ board: board.id, key: `by_${actor.replace(/ /g, '_')}`, label: actor, type: 'text', public: true }),
      allowed('admin'),
    );
    const made = await pb.admin.collection('custom_fields').getFirstListItem('key = "by_admin"');
    await expectAccess(
      (actor) => actors[actor].collection('custom_fields').update(made.id, { label: 'L' }),
      allowed('admin'),
    );
    // Board, key and type are fixed once made, even for an admin.
    for (const change of [{ key: 'renamed' }, { type: 'number' }, { board: (await createBoard(pb, 'public')).id }]) {
      expect(await attempt(() => actors.admin.collection('custom_fields').update(made.id, change))).toBe(false);
    }
  });

  it.each([
    ['a key that is not a name', { key: 'Bad Key' }],
    ['a key injecting filter syntax', { key: 'x" || 1=1 || "' }],
    ['a key over 40 characters', { key: `k${'x'.repeat(40)}` }],
    ['a duplicate key on the board', { key: 'area' }],
    ['a label over 80 characters', { label: 'x'.repeat(81) }],
    ['an unknown type', { type: 'color' }],
    ['a select without options', { type: 'select', options: [] }],
    ['51 options', { type: 'select', options: Array.from({ length: 51 }, (_, i) => `o${i}`) }],
    ['an option over 60 characters', { type: 'select', options: ['x'.repeat(61)] }],
    ['options that are not strings', { type: 'select', options: [1, 2] }],
    ['a text longer than 2000', { max_length: 2001 }],
  ])('refuses %s', async (_name, change) => {
    const field = { board: board.id, key: 'fresh', label: 'Fresh', type: 'text', public: true, ...change };
    expect(await attempt(() => actors.admin.collection('custom_fields').create(field))).toBe(false);
  });
});

describe('values', () => {
  it('a member posts valid public values; staff add staff-only ones beside them', async () => {
    const fields = { area: 'Billing', seats: 40, note: 'short', due: '2026-02-28', apps: ['iOS', 'Web', 'iOS'] };
    const idea = await post('member', fields);
    expect(idea.fields).toEqual({ ...fields, apps: ['iOS', 'Web'] });
    const insights = await actors.moderator.collection('post_insights').update(idea.id, { fields: { deal: 'ACME' } });
    expect(insights.fields).toEqual({ deal: 'ACME' });
  });

  it.each([
    ['a required field missing', {}, { 'fields.area': 'Required.' }],
    ['a string for a number', { area: 'Billing', seats: '40' }, { 'fields.seats': 'Enter a number here.' }],
    ['an unknown option', { area: 'Shipping' }, { 'fields.area': "Pick one of the field's options." }],
    [
      'an unknown multiselect option',
      { area: 'Billing', apps: ['Web', 'Mac'] },
      { 'fields.apps': "Pick one of the field's options." },
    ],
    [
      'a date that does not exist',
      { area: 'Billing', due: '2026-02-30' },
      { 'fields.due': 'Enter a date like 2026-03-31.' },
    ],
    [
      'a date in another format',
      { area: 'Billing', due: '28/02/2026' },
      { 'fields.due': 'Enter a date like 2026-03-31.' },
    ],
    [
      'a text over its length',
      { area: 'Billing', note: 'x'.repeat(21) },
      { 'fields.note': 'This text is too long for the field.' },
    ],
    ['an object for a text', { area: 'Billing', note: { $gt: '' } }, { 'fields.note': 'Enter text.' }],
    ['an unknown key', { area: 'Billing', color: 'red' }, { 'fields.color': 'This board has no such field.' }],
    ['an injected key', { area: 'Billing', 'x") || (1=1': 1 }, { 'fields.unknown': 'This board has no such field.' }],
    ['a staff-only key', { area: 'Billing', deal: 'Mine' }, { 'fields.deal': 'Only staff can set this field.' }],
    ['a list instead of an object', ['Billing'], { fields: 'Send custom fields as an object of values.' }],
    [
      'a 10 KB blob',
      { area: 'Billing', note: 'x'.repeat(10_240) },
      { fields: 'Custom field values may take at most 8 KB.' },
    ],
  ])('refuses %s, naming the field', async (_name, fields, expected) => {
    expect(await fieldErrorsOf(() => post('member', fields))).toEqual(expected);
  });

  it('answers in the request language', async () => {
    const errors = await fieldErrorsOf(() =>
      actors.member
        .collection('posts')
        .create(
          { board: board.id, author: idOf(actors.member), title: 'Idea', fields: { area: 'X' } },
          { headers: { 'Accept-Language': 'de' } },
        ),
    );
    expect(errors).toEqual({ 'fields.area': 'Wähle eine der Optionen des Felds.' });
  });

  it('staff may post without a required field; members may not empty one on edit', async () => {
    expect(await attempt(() => post('moderator', {}))).toBe(true);
    const idea = await post('member', { area: 'Reports' });
    expect(await attempt(() => actors.member.collection('posts').update(idea.id, { fields: { seats: 3 } }))).toBe(
      false,
    );
    const edited = await actors.member.collection('posts').update(idea.id, { fields: { area: 'Billing', seats: 3 } });
    expect(edited.fields).toEqual({ area: 'Billing', seats: 3 });
  });

  it('staff-only values refuse public keys, unknown keys and bad values', async () => {
    const idea = await post('member', { area: 'Billing' });
    const insights = actors.admin.collection('post_insights');
    expect(await fieldErrorsOf(() => insights.update(idea.id, { fields: { area: 'Billing' } }))).toEqual({
      'fields.area': 'This field is public: set it on the idea itself.',
    });
    expect(await fieldErrorsOf(() => insights.update(idea.id, { fields: { nope: 1 } }))).toEqual({
      'fields.nope': 'This board has no such field.',
    });
    expect(await fieldErrorsOf(() => insights.update(idea.id, { fields: { deal: 5 } }))).toEqual({
      'fields.deal': 'Enter text.',
    });
  });
});

describe('staff-only values stay with staff', () => {
  let idea: RecordModel;
  beforeAll(async () => {
    idea = await createPost(pb, board, actors.member, { fields: { area: 'Reports' } });
    await pb.admin.collection('post_insights').update(idea.id, { fields: { deal: 'Secret deal' } });
  });
  const STAFF = allowed('moderator', 'admin');

  it('only staff read post_insights.fields', async () => {
    await expectAccess(async (actor) => {
      const row = await actors[actor].collection('post_insights').getOne(idea.id);
      if ((row.fields as { deal?: string }).deal !== 'Secret deal') throw refused('no value');
    }, STAFF);
    const seen = await actors.member.collection('posts').getOne(idea.id);
    expect(seen.fields).toEqual({ area: 'Reports' });
  });

  it.each(ACTORS)('%s: filtering or sorting ideas by a staff-only value works for staff only', async (actor) => {
    const client = actors[actor];
    const staff = actor === 'moderator' || actor === 'admin';
    for (const probe of [
      'post_insights_via_post.fields.deal = "Secret deal"',
      'post_insights_via_post.fields.deal ~ "Secret"',
      // A staff-only definition cannot be probed through the board either.
      'board.custom_fields_via_board.key ?= "deal"',
    ]) {
      const found = await attempt(async () => {
        const list = await client.collection('posts').getList(1, 5, { filter: `id = "${idea.id}" && ${probe}` });
        if (list.items.length === 0) throw refused('none');
      });
      expect(found, probe).toBe(staff);
    }
    const sorted = await client
      .collection('posts')
      .getList(1, 5, { sort: '-post_insights_via_post.fields.deal', filter: `id = "${idea.id}"` })
      .then((list) => list.items.length)
      .catch(() => 0);
    expect(sorted).toBe(staff ? 1 : 0);
  });

  it('anyone who sees the idea filters by a public select value', async () => {
    const list = await actors.visitor.collection('posts').getList(1, 50, {
      filter: actors.visitor.filter('board = {:board} && fields.area = {:option}', {
        board: board.id,
        option: 'Reports',
      }),
    });
    expect(list.items.map((item) => item.id)).toContain(idea.id);
    expect(list.items.every((item) => (item.fields as { area: string }).area === 'Reports')).toBe(true);
  });

  it('a field turned staff-only takes its values off the idea, and back when public again', async () => {
    const other = await createPost(pb, board, actors.member, { fields: { area: 'Billing', seats: 7 } });
    const seats = await pb.admin.collection('custom_fields').getFirstListItem(`board = "${board.id}" && key = "seats"`);
    await actors.admin.collection('custom_fields').update(seats.id, { public: false });
    expect((await actors.visitor.collection('posts').getOne(other.id)).fields).toEqual({ area: 'Billing' });
    expect((await pb.admin.collection('post_insights').getOne(other.id)).fields).toEqual({ seats: 7 });
    await actors.admin.collection('custom_fields').update(seats.id, { public: true });
    expect((await actors.visitor.collection('posts').getOne(other.id)).fields).toEqual({ area: 'Billing', seats: 7 });
    expect((await pb.admin.collection('post_insights').getOne(other.id)).fields).toEqual({});
  });
});

describe('values follow their fields', () => {
  it("a deleted field's values go; an idea moved to another board keeps only that board's public fields", async () => {
    const other = await createBoard(pb, 'public');
    await pb.admin
      .collection('custom_fields')
      .create({ board: other.id, key: 'area', label: 'Area', type: 'text', public: true });
    await pb.admin
      .collection('custom_fields')
      .create({ board: other.id, key: 'seats', label: 'Seats', type: 'number', public: false });
    const idea = await post('member', { area: 'Billing', seats: 4, note: 'moving' });
    const moved = await actors.moderator.collection('posts').update(idea.id, { board: other.id });
    expect(moved.fields).toEqual({ area: 'Billing' });

    const temporary = await pb.admin
      .collection('custom_fields')
      .create({ board: other.id, key: 'temp', label: 'Temp', type: 'number', public: true });
    await actors.admin.collection('posts').update(idea.id, { fields: { area: 'Billing', temp: 1 } });
    await actors.admin.collection('custom_fields').delete(temporary.id);
    expect((await pb.admin.collection('posts').getOne(idea.id)).fields).toEqual({ area: 'Billing' });
  });
});

describe('the CSV export', () => {
  const csvOf = (actor: keyof Actors) =>
    fetch(`${pb.url}/api/chorus/export/posts.csv`, { headers: { Authorization: actors[actor].authStore.token } });

  it('has a column per field, staff-only values included, and only admins get it', async () => {
    const idea = await post('member', { area: 'Billing', apps: ['Web', 'iOS'] });
    await actors.admin.collection('post_insights').update(idea.id, { fields: { deal: '=HYPERLINK("x")' } });
    const response = await csvOf('admin');
    const [header, ...lines] = (await response.text()).trim().split('\r\n');
    const columns = header?.split(',') ?? [];
    expect(columns).toEqual(expect.arrayContaining(['field.area', 'field.apps', 'field.deal', 'field.seats']));
    const row = lines.find((line) => line.startsWith(idea.id))?.split(',') ?? [];
    expect(row[columns.indexOf('field.area')]).toBe('Billing');
    expect(row[columns.indexOf('field.apps')]).toBe('Web; iOS');
    expect(row[columns.indexOf('field.deal')]).toBe(`"'=HYPERLINK(""x"")"`);
    for (const actor of ['visitor', 'member', 'moderator', 'blocked admin'] as const) {
      expect((await csvOf(actor)).status, actor).toBeGreaterThanOrEqual(400);
    }
  });
});

describe('webhooks', () => {
  // The payload as queued for delivery (pb_hooks/webhooks/queue.js), whatever the receiver's fate.
  const payloadsOf = async (postId: string) => {
    for (let tries = 0; tries < 50; tries += 1) {
      const rows = await pb.admin.collection('webhook_deliveries').getFullList({ sort: 'created' });
      const found = rows.map((row) => JSON.parse(row.payload)).filter((p) => JSON.stringify(p).includes(postId));
      if (found.length > 0) return found;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    throw new Error('no delivery queued');
  };

  it('carry public values, never staff-only ones', async () => {
    await actors.admin.collection('webhooks').create({
      name: 'R',
      url: receiver.url('/fields'),
      kind: 'standard',
      events: ['idea.posted', 'idea.status_changed'],
    });
    const idea = await post('member', { area: 'Billing', note: 'hello' });
    await actors.admin.collection('post_insights').update(idea.id, { fields: { deal: 'Secret deal' } });
    const planned = await pb.admin.collection('statuses').getFirstListItem('slug = "planned"');
    await actors.admin.collection('posts').update(idea.id, { status: planned.id });
    let payloads = await payloadsOf(idea.id);
    for (let tries = 0; payloads.length < 2 && tries < 50; tries += 1) payloads = await payloadsOf(idea.id);
    expect(payloads.map((p) => p.type)).toEqual(['idea.posted', 'idea.status_changed']);
    for (const payload of payloads) {
      expect(JSON.stringify(payload)).not.toContain('Secret deal');
      expect(payload.data.idea?.fields ?? payload.data.fields).toEqual({ area: 'Billing', note: 'hello' });
    }
  });
});
