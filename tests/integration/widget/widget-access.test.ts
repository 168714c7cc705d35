// Who may read and change the widget and SSO settings: the secret is for admins only, the public
// settings are readable by anyone, the app user id is never client-settable, release reads are private.
import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { ACTORS, type Actors, allowed, attempt, createActors, idOf } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let settingsId: string;
let secretId: string;
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  settingsId = (await pb.admin.collection('widget_settings').getFirstListItem('')).id;
  secretId = (await pb.admin.collection('sso_secrets').getFirstListItem('')).id;
});
afterAll(() => pb?.stop());

describe('widget settings and the SSO secret', () => {
  it('starts with a random secret of 48 characters', async () => {
    const { secret } = await pb.admin.collection('sso_secrets').getOne(secretId);
    expect(secret).toMatch(/^[A-Za-z0-9]{48}$/);
  });

  it.each(Object.entries(allowed(...ACTORS)))('reading public widget settings as %s: %s', async (name, expected) => {
    const client = actors[name as keyof Actors];
    expect(await attempt(() => client.collection('widget_settings').getOne(settingsId))).toBe(expected);
  });

  it.each(Object.entries(allowed('admin')))('changing widget settings as %s: %s', async (name, expected) => {
    const client = actors[name as keyof Actors];
    const update = () => client.collection('widget_settings').update(settingsId, { allowed_origins: 'https://x.test' });
    expect(await attempt(update)).toBe(expected);
  });

  it.each(Object.entries(allowed('admin')))('reading the SSO secret as %s: %s', async (name, expected) => {
    const client = actors[name as keyof Actors];
    const read = async () => {
      const { items } = await client.collection('sso_secrets').getList(1, 10);
      if (items.length === 0) throw new ClientResponseError({ status: 404 });
      await client.collection('sso_secrets').getOne(secretId);
    };
    expect(await attempt(read)).toBe(expected);
  });

  it.each(Object.entries(allowed('admin')))('changing the SSO secret as %s: %s', async (name, expected) => {
    const client = actors[name as keyof Actors];
    const secret = `${name}-${'s'.repeat(40)}`;
    expect(await attempt(() => client.collection('sso_secrets').update(secretId, { secret }))).toBe(expected);
  });

  it('refuses a short secret, and nobody reads the used token ids', async () => {
    await expect(actors.admin.collection('sso_secrets').update(secretId, { secret: 'short' })).rejects.toThrow();
    for (const client of Object.values(actors)) {
      expect(
        (
          await client
            .collection('sso_used_tokens')
            .getList(1, 1)
            .catch(() => ({ items: [] }))
        ).items,
      ).toEqual([]);
    }
  });
});

describe('the app user id on members', () => {
  it('cannot be set or read by the member, on sign-up or later', async () => {
    const email = `self-link-${Date.now()}@chorus.test`;
    const password = 'a-long-password-123';
    const created = await pb
      .visitor()
      .collection('users')
      .create({ email, password, passwordConfirm: password, external_id: 'hijack-1' });
    expect(created.external_id).toBeUndefined();
    expect((await pb.admin.collection('users').getOne(created.id)).external_id).toBe('');
    const member = actors.member;
    await member.collection('users').update(idOf(member), { external_id: 'hijack-2' });
    expect((await pb.admin.collection('users').getOne(idOf(member))).external_id).toBe('');
    await expect(member.collection('users').getList(1, 1, { filter: 'external_id != ""' })).rejects.toThrow();
  });
});

describe('release reads', () => {
  it('are created, seen and changed only by their member', async () => {
    const read = await actors.member
      .collection('release_reads')
      .create({ user: idOf(actors.member), seen_at: new Date().toISOString() });
    expect(await attempt(() => actors['other member'].collection('release_reads').getOne(read.id))).toBe(false);
    expect(await attempt(() => actors.visitor.collection('release_reads').getOne(read.id))).toBe(false);
    const forOther = () =>
      actors['other member'].collection('release_reads').create({ user: idOf(actors.member), seen_at: '' });
    expect(await attempt(forOther)).toBe(false);
    const move = () =>
      actors.member.collection('release_reads').update(read.id, { user: idOf(actors['other member']) });
    expect(await attempt(move)).toBe(false);
    const later = new Date(Date.now() + 1000).toISOString();
    expect(await attempt(() => actors.member.collection('release_reads').update(read.id, { seen_at: later }))).toBe(
      true,
    );
  });
});
