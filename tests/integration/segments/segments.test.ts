// Segments (issue #24): conditions are checked strictly and never reach SQL as text (hostile values are
// bound, hostile keys refused), members are recomputed when a segment, a profile, a company or a member
// changes, and admins alone write them.
import type { RecordModel } from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { allowed, createActors, expectAccess, idOf, refused } from '../../support/world';

let pb: TestPocketBase;
beforeAll(async () => {
  pb = await startTestPocketBase();
});
afterAll(() => pb?.stop());

let made = 0;
const rule = (field: string, op: string, value: unknown) => ({ field, op, value });
const segment = (conditions: unknown, name = `Segment ${++made}`) =>
  pb.admin.collection('segments').create({ name, conditions });
const company = (fields: Record<string, unknown>) =>
  pb.admin.collection('companies').create({ external_id: `co-${++made}`, name: `Co ${made}`, ...fields });
const membersOf = async (s: RecordModel) => {
  const rows = await pb.admin.collection('segment_members').getFullList({ filter: `segment = "${s.id}"` });
  return rows.map((row) => row.user).sort();
};
const countOf = async (s: RecordModel) => (await pb.admin.collection('segments').getOne(s.id)).member_count;
/** The field errors of a refused save, or null when it was saved. */
async function refusalOf(conditions: unknown): Promise<Record<string, { message: string }> | null> {
  try {
    await segment(conditions);
    return null;
  } catch (error) {
    if (!(error instanceof ClientResponseError) || error.status !== 400) throw error;
    return error.response.data as Record<string, { message: string }>;
  }
}

describe('conditions are checked strictly', () => {
  const many = Array.from({ length: 500 }, () => rule('plan', 'eq', 'Pro'));
  it.each([
    ['not an object', 'all', 'conditions'],
    ['no rules', { match: 'all', rules: [] }, 'conditions.rules'],
    ['500 rules', { match: 'any', rules: many }, 'conditions'],
    ['a bad match', { match: 'some', rules: [rule('plan', 'eq', 'Pro')] }, 'conditions.match'],
    ['an extra key', { match: 'all', rules: [rule('plan', 'eq', 'Pro')], sql: '1=1' }, 'conditions.sql'],
    ['an unknown field', { match: 'all', rules: [rule('email', 'eq', 'a@b.c')] }, 'conditions.rules.0.field'],
    ['a column as field', { match: 'all', rules: [rule('u.role', 'eq', 'admin')] }, 'conditions.rules.0.field'],
    ['a key with a dot', { match: 'all', rules: [rule('attribute:a.b', 'eq', 1)] }, 'conditions.rules.0.field'],
    ['a key with a quote', { match: 'all', rules: [rule('attribute:a"b', 'eq', 1)] }, 'conditions.rules.0.field'],
    ['a key with a path', { match: 'all', rules: [rule("attribute:$.x') --", 'eq', 1)] }, 'conditions.rules.0.field'],
    [
      'a 41-letter key',
      { match: 'all', rules: [rule(`attribute:${'k'.repeat(41)}`, 'eq', 1)] },
      'conditions.rules.0.field',
    ],
    ['a wrong operator', { match: 'all', rules: [rule('revenue', 'eq', 5)] }, 'conditions.rules.0.op'],
    ['an operator as SQL', { match: 'all', rules: [rule('plan', '= 1 OR 1 =', 'x')] }, 'conditions.rules.0.op'],
    ['revenue as text', { match: 'all', rules: [rule('revenue', 'gte', '1000')] }, 'conditions.rules.0.value'],
    ['negative revenue', { match: 'all', rules: [rule('revenue', 'gte', -1)] }, 'conditions.rules.0.value'],
    [
      'a company that is no id',
      { match: 'all', rules: [rule('company', 'eq', '" || 1=1')] },
      'conditions.rules.0.value',
    ],
    [
      'a date that is none',
      { match: 'all', rules: [rule('signed_up', 'before', "'; DROP TABLE users")] },
      'conditions.rules.0.value',
    ],
    ['days as text', { match: 'all', rules: [rule('active', 'within_days', '7')] }, 'conditions.rules.0.value'],
    ['too many days', { match: 'all', rules: [rule('active', 'within_days', 99999)] }, 'conditions.rules.0.value'],
    ['an object value', { match: 'all', rules: [rule('plan', 'eq', { $ne: 1 })] }, 'conditions.rules.0.value'],
    ['a long value', { match: 'all', rules: [rule('plan', 'eq', 'x'.repeat(201))] }, 'conditions.rules.0.value'],
    ['a rule with more', { match: 'all', rules: [{ ...rule('plan', 'eq', 'P'), sql: 'x' }] }, 'conditions.rules.0'],
  ])('refuses %s, naming the part', async (_, conditions, path) => {
    const data = await refusalOf(conditions);
    expect(data, JSON.stringify(data)).not.toBeNull();
    expect(Object.keys(data ?? {})).toContain(path);
    expect(data?.conditions?.message).toBeTruthy();
  });

  it('refuses conditions over 8 KB', async () => {
    const big = Array.from({ length: 20 }, () =>
      rule(
        'plan',
        'in',
        Array.from({ length: 50 }, () => 'x'.repeat(200)),
      ),
    );
    expect(await refusalOf({ match: 'any', rules: big })).not.toBeNull();
  });

  it('binds hostile values: they are saved, match nobody and break nothing', async () => {
    const someone = await pb.actor('member');
    const acme = await company({ plan: 'Enterprise', attributes: { tier: 'gold' } });
    await pb.admin.collection('member_profiles').create({ user: idOf(someone), company: acme.id });
    for (const hostile of [`") || 1=1 --`, `'; DROP TABLE users; --`, '@request.auth.role = "admin"', "' OR '1'='1"]) {
      const s = await segment({
        match: 'any',
        rules: [
          rule('plan', 'eq', hostile),
          rule('attribute:tier', 'contains', hostile),
          rule('plan', 'in', [hostile]),
        ],
      });
      expect(await membersOf(s), hostile).toEqual([]);
      expect(s.member_count).toBe(0);
    }
    // Still there, and a real condition still matches.
    expect(await membersOf(await segment({ match: 'all', rules: [rule('attribute:tier', 'eq', 'gold')] }))).toEqual([
      idOf(someone),
    ]);
  });

  it('admins write segments; moderators read them; members neither; member_count is the server’s', async () => {
    const actors = await createActors(pb);
    const conditions = { match: 'all', rules: [rule('plan', 'eq', 'Pro')] };
    await expectAccess(
      (actor) => actors[actor].collection('segments').create({ name: `By ${actor}`, conditions }),
      allowed('admin'),
    );
    const s = await segment(conditions);
    await expectAccess((actor) => actors[actor].collection('segments').getOne(s.id), allowed('moderator', 'admin'));
    await expectAccess((actor) => actors[actor].collection('segments').update(s.id, { member_count: 99 }), allowed());
    await expectAccess(
      (actor) => actors[actor].collection('segment_members').create({ segment: s.id, user: idOf(actors.member) }),
      allowed(),
    );
  });
});

describe('members are recomputed', () => {
  it('by plan, revenue, company and attributes, and follow profiles and companies', async () => {
    const big = await company({ plan: 'Enterprise R', monthly_revenue: 20000, attributes: { region: 'EU R' } });
    const small = await company({ plan: 'Starter R', monthly_revenue: 50 });
    const [a, b, c, loner] = await Promise.all([pb.actor(), pb.actor(), pb.actor(), pb.actor()]);
    await pb.admin.collection('member_profiles').create({ user: idOf(a), company: big.id, attributes: { seats: 12 } });
    const bProfile = await pb.admin.collection('member_profiles').create({ user: idOf(b), company: small.id });
    await pb.admin.collection('member_profiles').create({ user: idOf(c), company: small.id, attributes: { seats: 3 } });

    const enterprise = await segment({ match: 'all', rules: [rule('plan', 'eq', 'Enterprise R')] });
    const rich = await segment({ match: 'all', rules: [rule('revenue', 'gte', 1000)] });
    const eu = await segment({ match: 'all', rules: [rule('attribute:region', 'eq', 'EU R')] });
    const seats = await segment({ match: 'all', rules: [rule('attribute:seats', 'gte', 10)] });
    const either = await segment({
      match: 'any',
      rules: [rule('company', 'eq', small.id), rule('attribute:seats', 'gte', 10)],
    });
    const both = await segment({
      match: 'all',
      rules: [rule('plan', 'in', ['Starter R']), rule('attribute:seats', 'lte', 5)],
    });
    const sorted = (...ids: string[]) => ids.sort();
    expect(await membersOf(enterprise)).toEqual([idOf(a)]);
    expect(await membersOf(rich)).toEqual([idOf(a)]);
    expect(await membersOf(eu)).toEqual([idOf(a)]);
    expect(await membersOf(seats)).toEqual([idOf(a)]);
    expect(await membersOf(either)).toEqual(sorted(idOf(a), idOf(b), idOf(c)));
    expect(await membersOf(both)).toEqual([idOf(c)]);
    expect(await countOf(either)).toBe(3);

    // A member moves company: their memberships follow.
    await pb.admin.collection('member_profiles').update(bProfile.id, { company: big.id });
    expect(await membersOf(enterprise)).toEqual(sorted(idOf(a), idOf(b)));
    expect(await countOf(enterprise)).toBe(2);
    // A company changes plan: its members' memberships follow.
    await pb.admin.collection('companies').update(small.id, { plan: 'Enterprise R' });
    expect(await membersOf(enterprise)).toEqual(sorted(idOf(a), idOf(b), idOf(c)));
    expect(await membersOf(both)).toEqual([]);
    // A new profile, then its company deleted.
    await pb.admin.collection('member_profiles').create({ user: idOf(loner), company: big.id });
    expect(await countOf(enterprise)).toBe(4);
    await pb.admin.collection('companies').delete(big.id);
    expect(await membersOf(enterprise)).toEqual([idOf(c)]);
    expect(await membersOf(rich)).toEqual([]);
    // The segment itself changes.
    await pb.admin
      .collection('segments')
      .update(enterprise.id, { conditions: { match: 'all', rules: [rule('plan', 'neq', 'Enterprise R')] } });
    expect(await membersOf(enterprise)).not.toContain(idOf(c));
    expect(await membersOf(enterprise)).toContain(idOf(loner));
  });

  it('by sign-up date and activity', async () => {
    const board = await pb.admin.collection('boards').create({ name: 'B', slug: `b-${++made}`, visibility: 'public' });
    const fresh = await pb.actor('member');
    const idle = await pb.actor('member');
    const tomorrow = new Date(Date.now() + 86400000).toISOString().slice(0, 10);
    const recent = await segment({ match: 'all', rules: [rule('signed_up', 'within_days', 1)] });
    expect(await membersOf(recent)).toEqual(expect.arrayContaining([idOf(fresh), idOf(idle)]));
    expect(await membersOf(await segment({ match: 'all', rules: [rule('signed_up', 'after', tomorrow)] }))).toEqual([]);
    expect(await membersOf(await segment({ match: 'all', rules: [rule('signed_up', 'before', tomorrow)] }))).toContain(
      idOf(fresh),
    );
    // A new member joins a segment that matches them at once.
    const later = await pb.actor('member');
    expect(await membersOf(recent)).toContain(idOf(later));
    const post = await pb.admin
      .collection('posts')
      .create({ board: board.id, author: idOf(idle), title: 'x', approved: true });
    await fresh.collection('votes').create({ post: post.id, user: idOf(fresh) });
    const active = await segment({ match: 'all', rules: [rule('active', 'within_days', 7)] });
    expect(await membersOf(active)).toEqual([idOf(fresh), idOf(idle)].sort());
  });
});

describe('staff see ideas through a segment', () => {
  it('filters ideas by their voters’ segment and counts the segment’s votes; staff only', async () => {
    const actors = await createActors(pb);
    const board = await pb.admin.collection('boards').create({ name: 'F', slug: `f-${++made}`, visibility: 'public' });
    const plan = `Plan F${made}`;
    const co = await company({ plan });
    const [inside1, inside2, outside] = await Promise.all([pb.actor(), pb.actor(), pb.actor()]);
    for (const client of [inside1, inside2]) {
      await pb.admin.collection('member_profiles').create({ user: idOf(client), company: co.id });
    }
    const s = await segment({ match: 'all', rules: [rule('plan', 'eq', plan)] });
    const idea = (title: string) =>
      pb.admin.collection('posts').create({ board: board.id, author: idOf(outside), title, approved: true });
    const wanted = await idea('Wanted by the segment');
    const other = await idea('Wanted by others');
    for (const voter of [inside1, inside2, outside])
      await voter.collection('votes').create({ post: wanted.id, user: idOf(voter) });
    await outside.collection('votes').create({ post: other.id, user: idOf(outside) });

    const filter = `board = "${board.id}" && votes_via_post.user.segment_members_via_user.segment ?= "${s.id}"`;
    const path = `/api/chorus/segment-votes?segment=${s.id}&posts=${wanted.id},${other.id}`;
    await expectAccess(
      async (actor) => {
        const list = await actors[actor].collection('posts').getFullList({ filter });
        if (list.length === 0) throw refused('the join into segment_members gave nothing');
        expect(list.map((p) => p.id)).toEqual([wanted.id]);
        expect(await actors[actor].send(path, {})).toEqual({ [wanted.id]: 2 });
      },
      allowed('moderator', 'admin'),
    );
    for (const actor of ['member', 'blocked moderator'] as const) {
      await expect(actors[actor].send(path, {})).rejects.toMatchObject({ status: 403 });
    }
    // Hostile ids are refused before any SQL.
    for (const bad of [`segment=${s.id}&posts=x") OR 1=1`, `segment='; DROP TABLE votes&posts=${wanted.id}`]) {
      await expect(actors.admin.send(`/api/chorus/segment-votes?${bad}`, {})).rejects.toMatchObject({ status: 400 });
    }
  });
});
