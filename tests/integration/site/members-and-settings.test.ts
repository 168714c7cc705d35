// Managing members (roles, blocking) and admin settings: boards, statuses, tags, site.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { ACTORS, type Actors, allowed, attempt, createActors, idOf } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
});
afterAll(() => pb?.stop());

const users = (name: (typeof ACTORS)[number]) => actors[name].collection('users');

describe('roles and blocking', () => {
  it.each(ACTORS)("%s: change a member's role", async (name) => {
    const target = idOf(await pb.actor('member'));
    expect(await attempt(() => users(name).update(target, { role: 'moderator' }))).toBe(allowed('admin')[name]);
  });
  it.each(ACTORS)('%s: block and unblock a member', async (name) => {
    const target = idOf(await pb.actor('member'));
    expect(await attempt(() => users(name).update(target, { blocked: true }))).toBe(
      allowed('moderator', 'admin')[name],
    );
  });
  it.each(ACTORS)('%s: block a moderator', async (name) => {
    const target = idOf(await pb.actor('moderator'));
    expect(await attempt(() => users(name).update(target, { blocked: true }))).toBe(allowed('admin')[name]);
  });
  it.each(ACTORS)('%s cannot change their own role or blocked flag', async (name) => {
    const self = idOf(actors[name]) || idOf(actors.member);
    expect(await attempt(() => users(name).update(self, { role: 'admin' }))).toBe(false);
    expect(await attempt(() => users(name).update(self, { blocked: false }))).toBe(false);
  });
  it("staff change nothing else on someone's account", async () => {
    const target = idOf(await pb.actor('member'));
    expect(await attempt(() => users('admin').update(target, { name: 'Renamed' }))).toBe(false);
    // Preferences are hidden fields: PocketBase ignores them in anyone's record write but a superuser's.
    await attempt(() => users('admin').update(target, { email_on_comment: false }));
    expect((await pb.admin.collection('users').getOne(target)).email_on_comment).toBe(true);
  });
  it('a member edits their own profile and preferences, a blocked member cannot', async () => {
    expect(
      await attempt(() => users('member').update(idOf(actors.member), { name: 'Me', email_on_status: false })),
    ).toBe(true);
    expect(await attempt(() => users('blocked member').update(idOf(actors['blocked member']), { name: 'Me' }))).toBe(
      false,
    );
  });
  it('email preferences default to on and are visible to the member only', async () => {
    const me = await actors['other member'].send('/api/chorus/preferences', { method: 'GET' });
    expect(me).toMatchObject({ email_on_comment: true, email_on_status: true, email_on_release: true });
    const other = actors['other member'];
    await other.send('/api/chorus/preferences', { method: 'POST', body: { email_on_release: false } });
    const after = await actors['other member'].send('/api/chorus/preferences', { method: 'GET' });
    expect(after).toMatchObject({ email_on_comment: true, email_on_status: true, email_on_release: false });
    expect((await users('other member').getOne(idOf(actors['other member']))).email_on_comment).toBeUndefined();
    const seenByOthers = await users('member').getOne(idOf(actors['other member']));
    expect(seenByOthers.email_on_comment).toBeUndefined();
  });
});

describe('admin settings', () => {
  const create: Record<string, () => Record<string, unknown>> = {
    boards: () => ({ name: 'B', slug: `b-${Math.random().toString(36).slice(2, 8)}`, visibility: 'public' }),
    statuses: () => ({ name: 'S', slug: `s-${Math.random().toString(36).slice(2, 8)}`, color: '#000000' }),
    tags: () => ({ name: `t-${Math.random().toString(36).slice(2, 8)}`, color: '#000000' }),
  };
  for (const [collection, body] of Object.entries(create)) {
    it.each(ACTORS)(`%s: create, rename and delete ${collection}`, async (name) => {
      const record = await pb.admin.collection(collection).create(body());
      const expected = allowed('admin')[name];
      expect(await attempt(() => actors[name].collection(collection).create(body()))).toBe(expected);
      expect(await attempt(() => actors[name].collection(collection).update(record.id, { name: 'X' }))).toBe(expected);
      expect(await attempt(() => actors[name].collection(collection).delete(record.id))).toBe(expected);
    });
  }
  it.each(ACTORS)('%s: update site settings', async (name) => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    const outcome = await attempt(() => actors[name].collection('site').update(site.id, { tagline: name }));
    expect(outcome).toBe(allowed('admin')[name]);
  });
});
