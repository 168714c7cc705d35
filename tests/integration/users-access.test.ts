// Who may do what with member accounts: actors × actions, denials included.
// Roles and the blocked flag are never client-settable; emails are never shown to other people.
import type PocketBase from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTORS, type Actor, allowed, rows, SIGNED_IN, STAFF, signInAs, userId } from '../support/access';
import { startTestPocketBase, TEST_PASSWORD, type TestPocketBase } from '../support/pocketbase';

let pb: TestPocketBase;
beforeAll(async () => {
  pb = await startTestPocketBase();
});
afterAll(() => pb?.stop());

let signups = 0;
const newAccount = (fields: Record<string, unknown> = {}) => {
  signups += 1;
  const email = `newcomer-${signups}-${Date.now()}@chorus.test`;
  return { email, name: 'Newcomer', password: TEST_PASSWORD, passwordConfirm: TEST_PASSWORD, ...fields };
};

/** Actions on someone's account; `self` acts on the actor's own record, otherwise on another member's. */
const ACTIONS: {
  action: string;
  self?: boolean;
  may: readonly Actor[];
  run(c: PocketBase, id: string): Promise<unknown>;
}[] = [
  { action: 'view another member', may: ACTORS, run: (c, id) => c.collection('users').getOne(id) },
  { action: 'sign up', may: ACTORS, run: (c) => c.collection('users').create(newAccount()) },
  { action: 'sign up as an admin', may: [], run: (c) => c.collection('users').create(newAccount({ role: 'admin' })) },
  { action: 'sign up as blocked', may: [], run: (c) => c.collection('users').create(newAccount({ blocked: false })) },
  {
    action: 'rename themselves',
    self: true,
    may: SIGNED_IN,
    run: (c, id) => c.collection('users').update(id, { name: 'Renamed' }),
  },
  {
    action: 'make themselves admin',
    self: true,
    may: [],
    run: (c, id) => c.collection('users').update(id, { role: 'admin' }),
  },
  {
    action: 'make themselves a member',
    self: true,
    may: [],
    run: (c, id) => c.collection('users').update(id, { role: 'member' }),
  },
  {
    action: 'unblock themselves',
    self: true,
    may: [],
    run: (c, id) => c.collection('users').update(id, { blocked: false }),
  },
  { action: 'rename another member', may: [], run: (c, id) => c.collection('users').update(id, { name: 'Hijacked' }) },
  { action: 'delete another member', may: [], run: (c, id) => c.collection('users').delete(id) },
  { action: 'delete their own account', self: true, may: SIGNED_IN, run: (c, id) => c.collection('users').delete(id) },
];

describe.each(ACTIONS)('users: $action', ({ self, may, run }) => {
  const actors = self ? SIGNED_IN : ACTORS;
  it.each(rows(may, actors))('%s → allowed: %s', async (actor, expected) => {
    const client = await signInAs(pb, actor);
    const target = self ? userId(client) : userId(await pb.actor('member'));
    const before = await pb.admin.collection('users').getOne(target);
    expect(await allowed(run(client, target))).toBe(expected);
    if (!expected) {
      const after = await pb.admin.collection('users').getOne(target);
      expect(after).toMatchObject({ name: before.name, role: before.role, blocked: before.blocked });
    }
  });
});

describe('users: listing and emails', () => {
  it.each(ACTORS)('%s lists only what they may, and never sees another member’s email', async (actor) => {
    const other = await pb.actor('member');
    const client = await signInAs(pb, actor);
    const listed = await client.collection('users').getFullList();
    const ids = listed.map((u) => u.id);
    if (actor === 'visitor') expect(ids).toEqual([]);
    else if (STAFF.includes(actor)) expect(ids).toContain(userId(other));
    else expect(ids).toEqual([userId(client)]);

    const seen = [
      ...listed.filter((u) => u.id !== userId(client)),
      await client.collection('users').getOne(userId(other)),
    ];
    for (const user of seen) expect(user.email ?? '').toBe('');
  });

  it.each(SIGNED_IN)('%s sees their own email', async (actor) => {
    const client = await signInAs(pb, actor);
    const me = await client.collection('users').getOne(userId(client));
    expect(me.email).toMatch(/@chorus\.test$/);
  });
});

describe('users: sign-ups follow the site setting', () => {
  it('refuses sign-ups while site.allow_signups is false, and accepts them again after', async () => {
    const site = await pb.admin.collection('site').getFirstListItem('');
    await pb.admin.collection('site').update(site.id, { allow_signups: false });
    try {
      expect(await allowed(pb.visitor().collection('users').create(newAccount()))).toBe(false);
    } finally {
      await pb.admin.collection('site').update(site.id, { allow_signups: true });
    }
    expect(await allowed(pb.visitor().collection('users').create(newAccount()))).toBe(true);
  });
});
