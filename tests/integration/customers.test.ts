// The customer behind a member (issue #24): an identify token's company and attributes are upserted on
// sign-in (and a bad one refuses the whole sign-in), admins import companies from CSV in one checked
// transaction, and nobody but staff reads any of it, through REST, realtime or a widget-identified session.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type IdentifyClaims, signIdentifyToken } from '../support/identify-tokens';
import { startTestPocketBase, type TestPocketBase } from '../support/pocketbase';
import { listenRealtime } from '../support/realtime';
import {
  ACTORS,
  type Actor,
  type Actors,
  allowed,
  createActors,
  createBoard,
  createPost,
  expectAccess,
  idOf,
  refused,
} from '../support/world';

let pb: TestPocketBase;
let actors: Actors;
let secret: string;
let board: RecordModel;
let n = 0;

beforeAll(async () => {
  pb = await startTestPocketBase();
  actors = await createActors(pb);
  const settings = await pb.admin.collection('widget_settings').getFirstListItem('');
  await pb.admin.collection('widget_settings').update(settings.id, { sso_enabled: true });
  secret = (await pb.admin.collection('sso_secrets').getFirstListItem('')).secret;
  board = await createBoard(pb, 'public');
});
afterAll(() => pb?.stop());

const unique = () => `${Date.now().toString(36)}-${(n += 1)}`;
const person = (extra: Record<string, unknown> = {}): IdentifyClaims => {
  const id = unique();
  return { sub: `cust-${id}`, email: `cust-${id}@example.com`, name: `Customer ${id}`, ...extra };
};

async function identify(claims: IdentifyClaims) {
  try {
    const body = await pb.visitor().send('/api/chorus/sso', { method: 'POST', body: { token: await signIdentifyToken(secret, claims) } });
    return { status: 200, body };
  } catch (error) {
    const e = error as { status: number; response: { code: string; message: string } };
    return { status: e.status, body: e.response };
  }
}

/** A client signed in the way the widget signs a person in: by exchanging an identify token. */
async function identified(claims: IdentifyClaims): Promise<PocketBase> {
  const { status, body } = await identify(claims);
  expect(status).toBe(200);
  const client = pb.visitor();
  client.authStore.save(body.token, body.record);
  return client;
}

const profileOf = (userId: string) =>
  pb.admin.collection('member_profiles').getFirstListItem(`user = "${userId}"`, { expand: 'company' });
const companyBy = (externalId: string) =>
  pb.admin.collection('companies').getFirstListItem(`external_id = "${externalId}"`);
const userBy = (email: string) => pb.admin.collection('users').getFirstListItem(`email = "${email}"`);

describe('identify tokens carry the customer', () => {
  it('upserts the company by its id and links the member, with the attributes', async () => {
    const companyId = `acme-${unique()}`;
    const who = person({
      company: { id: companyId, name: 'Acme', plan: 'Enterprise', monthly_revenue: 4200 },
      attributes: { seats: 40, beta: true, region: 'eu' },
    });
    const { status, body } = await identify(who);
    expect(status).toBe(200);
    expect(body.record.company).toBeUndefined();
    const profile = await profileOf(body.record.id);
    expect(profile.attributes).toEqual({ seats: 40, beta: true, region: 'eu' });
    expect(profile.expand?.company).toMatchObject({
      external_id: companyId,
      name: 'Acme',
      plan: 'Enterprise',
      monthly_revenue: 4200,
    });
    // The team's server is the authority: a later token renames and re-prices the same company.
    const colleague = person({ company: { id: companyId, name: 'Acme Inc', plan: 'Scale', monthly_revenue: 9000 } });
    const second = await identify(colleague);
    expect(second.status).toBe(200);
    const company = await companyBy(companyId);
    expect(company).toMatchObject({ name: 'Acme Inc', plan: 'Scale', monthly_revenue: 9000 });
    expect((await profileOf(second.body.record.id)).company).toBe(company.id);
    expect(await pb.admin.collection('companies').getFullList({ filter: `external_id = "${companyId}"` })).toHaveLength(
      1,
    );
  });

  it("keeps what a token does not say, and moves the member when the app says they changed company", async () => {
    const first = `first-${unique()}`;
    const who = person({ company: { id: first, name: 'First', monthly_revenue: 10 }, attributes: { a: 1 } });
    const { body } = await identify(who);
    await identify({ ...who });
    const kept = await profileOf(body.record.id);
    expect(kept.attributes).toEqual({ a: 1 });
    expect(kept.expand?.company.external_id).toBe(first);
    const second = `second-${unique()}`;
    await identify({ ...who, company: { id: 4711, name: 'Second' } as never });
    expect((await profileOf(body.record.id)).expand?.company.external_id).toBe('4711');
    await identify({ ...who, company: { id: second, name: 'Second' } });
    expect((await profileOf(body.record.id)).expand?.company.external_id).toBe(second);
    expect((await companyBy(first)).monthly_revenue).toBe(10);
    await identify({ ...who, company: null });
    expect((await profileOf(body.record.id)).company).toBe('');
  });

  it("a vote by an identified customer counts its company's revenue on the idea", async () => {
    const companyId = `voter-co-${unique()}`;
    const client = await identified(
      person({ company: { id: companyId, name: 'Voter Co', plan: 'Pro', monthly_revenue: 1234 } }),
    );
    const post = await createPost(pb, board, actors.member);
    await client.collection('votes').create({ post: post.id, user: idOf(client) });
    const worth = await pb.admin.collection('post_insights').getOne(post.id);
    expect(worth.revenue).toBe(1234);
    expect(worth.plans).toMatchObject({ Pro: { votes: 1, revenue: 1234, companies: 1 } });
  });

  const longText = 'x'.repeat(201);
  const manyKeys = Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i]));
  const bigValues = Object.fromEntries(Array.from({ length: 24 }, (_, i) => [`key${i}`, 'v'.repeat(180)]));
  it.each([
    ['revenue as a string', { company: { id: 'c1', name: 'C', monthly_revenue: '5000' } }],
    ['a negative revenue', { company: { id: 'c1', name: 'C', monthly_revenue: -1 } }],
    ['a huge revenue', { company: { id: 'c1', name: 'C', monthly_revenue: 1e300 } }],
    ['a revenue that is not a number', { company: { id: 'c1', name: 'C', monthly_revenue: { $gt: 0 } } }],
    ['a company id over 128 characters', { company: { id: 'c'.repeat(129), name: 'C' } }],
    ['a company id with whitespace', { company: { id: 'acme inc', name: 'C' } }],
    ['an empty company id', { company: { id: '', name: 'C' } }],
    ['a company without a name', { company: { id: 'c1' } }],
    ['a company that is a string', { company: 'acme' }],
    ['a plan that is a number', { company: { id: 'c1', name: 'C', plan: 3 } }],
    ['attributes that are an array', { attributes: ['a'] }],
    ['nested attributes', { attributes: { nested: { deep: 1 } } }],
    ['an attribute list value', { attributes: { tags: ['a', 'b'] } }],
    ['an attribute null value', { attributes: { gone: null } }],
    ['an attribute value over 200 characters', { attributes: { note: longText } }],
    ['more than 30 attributes', { attributes: manyKeys }],
    ['attributes over 4 KB', { attributes: bigValues }],
    ['an attribute key with spaces', { attributes: { 'has space': 1 } }],
    ['an attribute key that tries a filter', { attributes: { 'a"||1=1': 1 } }],
  ])('refuses %s, and signs nobody in', async (_name, customer) => {
    const who = person({ ...customer, company: { id: `ok-${unique()}`, name: 'Fine' }, ...customer });
    const { status, body } = await identify(who);
    expect(status).toBe(400);
    expect(body.code).toBe('bad_customer');
    expect(body.message).toMatch(/customer/i);
    await expect(userBy(who.email)).rejects.toThrow();
    const companyClaim = (who.company ?? {}) as { id?: unknown };
    if (typeof companyClaim.id === 'string' && companyClaim.id.length <= 128 && !/\s/.test(companyClaim.id)) {
      const stored = await pb.admin
        .collection('companies')
        .getFullList({ filter: pb.admin.filter('external_id = {:id}', { id: companyClaim.id }) });
      expect(stored.filter((c) => c.name === 'C' || c.name === 'Fine')).toEqual([]);
    }
  });

  it('refuses a token whose attributes would make it huge before reading it (10 MB)', async () => {
    const who = person({ attributes: { blob: 'x'.repeat(10 * 1024 * 1024) } });
    const { status } = await identify(who);
    // Refused by the request-size limit (413) or the token-length check (400), never read.
    expect([400, 413]).toContain(status);
    await expect(userBy(who.email)).rejects.toThrow();
  });

  it('does not change an existing member when their token carries a bad customer part', async () => {
    const companyId = `steady-${unique()}`;
    const who = person({ company: { id: companyId, name: 'Steady', monthly_revenue: 100 }, attributes: { a: 1 } });
    const { body } = await identify(who);
    const bad = { ...who, name: 'Changed Name', company: { id: companyId, name: 'Hijacked', monthly_revenue: -5 } };
    expect((await identify(bad)).status).toBe(400);
    expect((await pb.admin.collection('users').getOne(body.record.id)).name).toBe(who.name);
    expect(await companyBy(companyId)).toMatchObject({ name: 'Steady', monthly_revenue: 100 });
  });
});

