// Who may read and change the site record, boards and statuses: actors × actions, denials included.
// Board visibility is enforced by the API rules: public for all, members when signed in, staff for staff.
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, type Actor, allowed, rows, SIGNED_IN, STAFF, signInAs } from '../support/access';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';

let pb: TestPocketBase;
const boardIds: Record<string, string> = {};
let made = 0;
const unique = (prefix: string) => `${prefix}-${++made}`;

beforeAll(async () => {
  pb = await startTestPocketBase();
  for (const visibility of ['public', 'members', 'staff']) {
    const board = await pb.admin
      .collection('boards')
      .create({ name: visibility, slug: `${visibility}-board`, visibility });
    boardIds[visibility] = board.id;
  }
});
afterAll(() => pb?.stop());

const fresh = (collection: string, fields: Record<string, unknown>) => pb.admin.collection(collection).create(fields);
const newBoard = () => ({ name: 'Board', slug: unique('board'), visibility: 'public' });
const newStatus = () => ({ name: 'Status', slug: unique('status'), color: '#123456' });
const siteId = async () => (await pb.admin.collection('site').getFirstListItem('')).id;

const ACTIONS: { action: string; may: readonly Actor[]; run(c: PocketBase): Promise<unknown> }[] = [
  { action: 'site: view', may: ACTORS, run: (c) => c.collection('site').getFirstListItem('') },
  {
    action: 'site: update',
    may: ['admin'],
    run: async (c) => c.collection('site').update(await siteId(), { tagline: 'Tell us what to build next' }),
  },
  { action: 'site: create', may: [], run: (c) => c.collection('site').create({ name: 'Second site' }) },
  { action: 'site: delete', may: [], run: async (c) => c.collection('site').delete(await siteId()) },
  {
    action: 'site: turn on sign-ups',
    may: ['admin'],
    run: async (c) => c.collection('site').update(await siteId(), { allow_signups: true }),
  },
  {
    action: 'boards: view a public board',
    may: ACTORS,
    run: (c) => c.collection('boards').getOne(boardIds.public ?? ''),
  },
  {
    action: 'boards: view a members board',
    may: SIGNED_IN,
    run: (c) => c.collection('boards').getOne(boardIds.members ?? ''),
  },
  { action: 'boards: view a staff board', may: STAFF, run: (c) => c.collection('boards').getOne(boardIds.staff ?? '') },
  { action: 'boards: create', may: ['admin'], run: (c) => c.collection('boards').create(newBoard()) },
  {
    action: 'boards: update',
    may: ['admin'],
    run: async (c) => c.collection('boards').update((await fresh('boards', newBoard())).id, { name: 'Renamed' }),
  },
  {
    action: 'boards: delete',
    may: ['admin'],
    run: async (c) => c.collection('boards').delete((await fresh('boards', newBoard())).id),
  },
  { action: 'statuses: list', may: ACTORS, run: (c) => c.collection('statuses').getFullList() },
  { action: 'statuses: create', may: ['admin'], run: (c) => c.collection('statuses').create(newStatus()) },
  {
    action: 'statuses: update',
    may: ['admin'],
    run: async (c) => c.collection('statuses').update((await fresh('statuses', newStatus())).id, { name: 'Renamed' }),
  },
  {
    action: 'statuses: delete',
    may: ['admin'],
    run: async (c) => c.collection('statuses').delete((await fresh('statuses', newStatus())).id),
  },
];

describe.each(ACTIONS)('$action', ({ may, run }) => {
  it.each(rows(may))('%s → allowed: %s', async (actor, expected) => {
    expect(await allowed(run(await signInAs(pb, actor)))).toBe(expected);
  });
});

const VISIBLE_BOARDS: Record<Actor, string[]> = {
  visitor: ['public'],
  member: ['public', 'members'],
  'other member': ['public', 'members'],
  'blocked member': ['public', 'members'],
  moderator: ['public', 'members', 'staff'],
  admin: ['public', 'members', 'staff'],
};

describe('boards: listing', () => {
  it.each(ACTORS)('%s lists exactly the boards they may see', async (actor) => {
    const client = await signInAs(pb, actor);
    const ids = (await client.collection('boards').getFullList()).map((b) => b.id);
    const expected = VISIBLE_BOARDS[actor].map((visibility) => boardIds[visibility]);
    expect(ids.filter((id) => Object.values(boardIds).includes(id)).sort()).toEqual(expected.sort());
  });
});
