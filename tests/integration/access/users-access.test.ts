// Member accounts beyond the access matrix: emails are never shown to other people (listing, viewing,
// sorting), email preferences only to oneself, and sign-ups follow the site setting.
import type { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../../support/pocketbase';
import { ACTORS, type Actors, attempt, createActors, idOf, SIGNED_IN, STAFF } from '../../support/world';

let pb: TestPocketBase;
let actors: Actors;
let other = '';
beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  other = idOf(await pb.actor('member'));
});
afterAll(() => pb?.stop());

let signups = 0;
const newAccount = () => {
  signups += 1;
  const email = `newcomer-${signups}-${Date.now()}@chorus.test`;
  return { email, name: 'Newcomer', password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD };
};

describe('users: listing and emails', () => {
  it.each(ACTORS)('%s lists only what they may, and never sees another member’s email', async (actor) => {
    const client = actors[actor];
    const listed = await client.collection('users').getFullList();
    const ids = listed.map((u) => u.id);
    if (actor === 'visitor') expect(ids).toEqual([]);
    else if (STAFF.includes(actor)) expect(ids).toContain(other);
    else expect(ids).toEqual([idOf(client)]);

    const seen = [...listed.filter((u) => u.id !== idOf(client)), await client.collection('users').getOne(other)];
    for (const user of seen) {
      expect(user.email ?? '').toBe('');
      expect(user.email_on_comment).toBeUndefined();
    }
  });

  it.each(SIGNED_IN)('%s sees their own email, and their email preferences through their route', async (actor) => {
    const client = actors[actor];
    const me = await client.collection('users').getOne(idOf(client));
    expect(me.email).toMatch(/@chorus\.test$/);
    const preferences = await client.send('/api/chorus/preferences', { method: 'GET' });
    expect(preferences).toMatchObject({ email_on_comment: true, email_on_status: true, email_on_release: true });
  });

  it('staff sorting or filtering by email or email preferences list nobody else', async () => {
    for (const options of [
      { sort: 'email' },
      { sort: '-email' },
      { filter: 'email ~ "chorus"' },
      { filter: 'email_on_status = true' },
      { sort: 'email_on_comment' },
    ]) {
      // PocketBase refuses to filter or sort by a hidden field (the preferences): refused or empty, never others.
      const listed = await actors.admin
        .collection('users')
        .getFullList(options)
        .catch((error: ClientResponseError) => (error.status === 400 ? [] : Promise.reject(error)));
      expect(
        listed.map((u) => u.id).filter((id) => id !== idOf(actors.admin)),
        JSON.stringify(options),
      ).toEqual([]);
    }
    const board = await pb.admin.collection('boards').create({ name: 'B', slug: 'b', visibility: 'public' });
    await pb.admin.collection('posts').create({ board: board.id, author: other, title: 'Idea', approved: true });
    const posts = actors.moderator.collection('posts');
    expect(await posts.getFullList({ sort: 'author.name' })).toHaveLength(1);
    expect(await posts.getFullList({ sort: 'author.email' })).toEqual([]);
  });
});

describe('users: sign-ups follow the site setting', () => {
  it('refuses sign-ups while site.allow_signups is false, and accepts them again after', async () => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    await pb.admin.collection('site').update(site.id, { allow_signups: false });
    try {
      expect(await attempt(() => pb.visitor().collection('users').create(newAccount()))).toBe(false);
    } finally {
      await pb.admin.collection('site').update(site.id, { allow_signups: true });
    }
    expect(await attempt(() => pb.visitor().collection('users').create(newAccount()))).toBe(true);
  });
});
