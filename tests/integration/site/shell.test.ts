// Every page's shell in one request (GET /api/chorus/shell, issue 59): every actor gets exactly what the three
// list requests it replaces gave them (the site, the boards not archived in the admin's order, every status):
// public, members-only, staff-only, segment and archived boards, blocked members and staff included; a
// member leaving the segment loses its board at once; no hidden field leaves.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadShell } from '../../../src/features/site/site';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { ACTORS, type Actors, createActors, createBoard, idOf } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let segmentBoard: RecordModel;
let profile: RecordModel;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  for (const visibility of ['public', 'members', 'staff'] as const) await createBoard(pb, visibility);
  const archived = await createBoard(pb, 'public');
  await pb.admin.collection('boards').update(archived.id, { archived: true });
  const gold = await pb.admin.collection('companies').create({ external_id: 'gold', name: 'Gold Inc', plan: 'Gold' });
  profile = await pb.admin.collection('member_profiles').create({ user: idOf(actors.member), company: gold.id });
  await pb.admin.collection('member_profiles').create({ user: idOf(actors['blocked member']), company: gold.id });
  const segment = await pb.admin
    .collection('segments')
    .create({ name: 'Gold', conditions: { match: 'all', rules: [{ field: 'plan', op: 'eq', value: 'Gold' }] } });
  segmentBoard = await pb.admin
    .collection('boards')
    .create({ name: 'Gold corner', slug: 'gold-corner', visibility: 'segment', segment: segment.id, position: -1 });
}, 120_000);
afterAll(() => pb?.stop());

/** What the three list requests the shell replaces answer `client` (ids, in order). */
async function byTheRules(client: PocketBase) {
  const [site, boards, statuses] = await Promise.all([
    client.collection('site').getFirstListItem(''),
    client.collection('boards').getFullList({ sort: 'archived,position,name', filter: 'archived = false' }),
    client.collection('statuses').getFullList({ sort: 'position,name' }),
  ]);
  return { site, boards, statuses };
}

describe('the shell in one request', () => {
  it.each(ACTORS)('answers %s what the list rules do, in order, field for field', async (actor) => {
    const client = actors[actor];
    const shell = await loadShell(client);
    const expected = await byTheRules(client);
    expect(shell.site).toEqual(expected.site);
    expect(shell.boards).toEqual(expected.boards);
    expect(shell.statuses).toEqual(expected.statuses);
    expect(shell.boards.length).toBeGreaterThan(0);
  });

  it('shows the segment board to its member and staff only, and not to a member who left it', async () => {
    const sees = async (actor: keyof Actors) =>
      (await loadShell(actors[actor])).boards.some((board) => board.id === segmentBoard.id);
    expect(await sees('member')).toBe(true);
    expect(await sees('admin')).toBe(true);
    expect(await sees('other member')).toBe(false);
    expect(await sees('visitor')).toBe(false);
    // The board leads the list (position -1) for those who see it.
    expect((await loadShell(actors.member)).boards[0]?.id).toBe(segmentBoard.id);
    await pb.admin.collection('member_profiles').delete(profile.id);
    expect(await sees('member')).toBe(false);
  });

  it('names each kind of board only to those its rule shows it', async () => {
    const kinds = async (actor: keyof Actors) =>
      new Set((await loadShell(actors[actor])).boards.map((board) => board.visibility));
    expect(await kinds('visitor')).toEqual(new Set(['public']));
    expect(await kinds('other member')).toEqual(new Set(['public', 'members']));
    expect((await kinds('moderator')).has('staff')).toBe(true);
    for (const actor of ACTORS) {
      expect((await loadShell(actors[actor])).boards.some((board) => board.archived)).toBe(false);
    }
  });
});
