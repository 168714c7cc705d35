// The customer behind a member (issue #24): an identify token's company and attributes are upserted on
// sign-in (and a bad one refuses the whole sign-in), admins import companies from CSV in one checked
// transaction, and nobody but staff reads any of it, through REST, realtime or a widget-identified session.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { exchangeIdentifyToken } from '../../../src/features/sso/sso-data';
import { type IdentifyClaims, signIdentifyToken } from '../../support/identify-tokens';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import { listenRealtime } from '../../support/realtime';
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
} from '../../support/world';

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

const unique = () => {
  n += 1;
  return `${Date.now().toString(36)}-${n}`;
};
const person = (extra: Record<string, unknown> = {}): IdentifyClaims => {
  const id = unique();
  return { sub: `cust-${id}`, email: `cust-${id}@example.com`, name: `Customer ${id}`, ...extra };
};

async function identify(claims: IdentifyClaims) {
  try {
    const body = await pb
      .visitor()
      .send('/api/chorus/sso', { method: 'POST', body: { token: await signIdentifyToken(secret, claims) } });
    return { status: 200, body };
  } catch (error) {
    const e = error as { status: number; response: { code: string; message: string } };
    return { status: e.status, body: e.response };
  }
}

/** A client signed in the way the widget's `Chorus.identify(token)` signs a person in (its own code path). */
async function identified(claims: IdentifyClaims): Promise<PocketBase> {
  const client = pb.visitor();
  await exchangeIdentifyToken(client, await signIdentifyToken(secret, claims));
  expect(client.authStore.isValid).toBe(true);
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

  it('keeps what a token does not say, and moves the member when the app says they changed company', async () => {
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

  it("a customer identified through the widget's identify() gets a profile, and their vote counts its company's revenue", async () => {
    const companyId = `voter-co-${unique()}`;
    const client = await identified(
      person({ company: { id: companyId, name: 'Voter Co', plan: 'Pro', monthly_revenue: 1234 } }),
    );
    expect((await profileOf(idOf(client))).expand?.company.external_id).toBe(companyId);
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

describe('admins import companies from CSV', () => {
  const upload = async (client: PocketBase, csv: string) => {
    try {
      return {
        status: 200,
        body: await client.send('/api/chorus/companies/import', { method: 'POST', body: { csv } }),
      };
    } catch (error) {
      const e = error as { status: number; response: Record<string, unknown> };
      return { status: e.status, body: e.response };
    }
  };

  it('upserts by id in one go, with quoted names, CRLF lines and a byte-order mark', async () => {
    const a = `imp-a-${unique()}`;
    const b = `imp-b-${unique()}`;
    await pb.admin.collection('companies').create({ external_id: a, name: 'Old A', plan: 'Free', monthly_revenue: 1 });
    const csv = `\uFEFFid,name,plan,monthly_revenue\r\n${a},"A, Inc. ""the first""",Enterprise,5000.50\r\n\r\n${b},"B
on two lines",,\r\n`;
    const { status, body } = await upload(actors.admin, csv);
    expect(status).toBe(200);
    expect(body).toEqual({ created: 1, updated: 1, unchanged: 0 });
    expect(await companyBy(a)).toMatchObject({
      name: 'A, Inc. "the first"',
      plan: 'Enterprise',
      monthly_revenue: 5000.5,
    });
    expect(await companyBy(b)).toMatchObject({ name: 'B\non two lines', plan: '', monthly_revenue: 0 });
    expect((await upload(actors.admin, csv)).body).toEqual({ created: 0, updated: 0, unchanged: 2 });
  });

  it('refuses a file with any bad row, writes nothing, and names each line', async () => {
    const good = `imp-good-${unique()}`;
    const csv = [
      'id,name,plan,monthly_revenue',
      `${good},Good,Pro,10`,
      'has space,Bad,,',
      ',No id,,',
      `${'x'.repeat(129)},Long,,`,
      `dup-${good},One,,`,
      `dup-${good},Two,,`,
      'rev1,Rev,,"$5,000"',
      'rev2,Rev,,-3',
      'rev3,Rev,,NaN',
      'rev4,Rev,,1e400',
      'noname,,,',
      `plan,P,${'p'.repeat(61)},`,
      'extra,E,,,surplus',
    ].join('\n');
    const { status, body } = await upload(actors.admin, csv);
    expect(status).toBe(400);
    expect(body.code).toBe('invalid_rows');
    expect(body.message).toMatch(/nothing was imported/i);
    expect(body.errors).toEqual([
      { line: 3, column: 'id', code: 'whitespace' },
      { line: 4, column: 'id', code: 'required' },
      { line: 5, column: 'id', code: 'too_long' },
      { line: 7, column: 'id', code: 'duplicate' },
      { line: 8, column: 'monthly_revenue', code: 'revenue' },
      { line: 9, column: 'monthly_revenue', code: 'revenue' },
      { line: 10, column: 'monthly_revenue', code: 'revenue' },
      { line: 11, column: 'monthly_revenue', code: 'revenue' },
      { line: 12, column: 'name', code: 'required' },
      { line: 13, column: 'plan', code: 'too_long' },
      { line: 14, column: '', code: 'extra_cells' },
    ]);
    await expect(companyBy(good)).rejects.toThrow();
  });

  it.each([
    ['no header', `acme-${Date.now()},Acme,Pro,10`, 400, 'invalid_rows'],
    ['an unknown column', 'id,name,revenue\nx,X,1', 400, 'invalid_rows'],
    ['only a header', 'id,name,plan,monthly_revenue\n', 400, 'empty'],
    ['nothing', '', 400, 'empty'],
    ['an unclosed quote', 'id,name\nq1,"never closed\nq2,Two', 400, 'invalid_rows'],
    [
      '5,001 rows',
      `id,name\n${Array.from({ length: 5001 }, (_, i) => `many-${i},M`).join('\n')}`,
      400,
      'too_many_rows',
    ],
    ['over 1 MB', `id,name\n${'big,'.padEnd(1024 * 1024 + 10, 'x')}`, 413, 'too_large'],
  ])('refuses %s', async (_name, csv, status, code) => {
    const answer = await upload(actors.admin, csv);
    expect(answer.status).toBe(status);
    expect(answer.body.code).toBe(code);
  });

  it('answers an unclosed quote with the line it opens on', async () => {
    const { body } = await upload(actors.admin, 'id,name\nq1,One\nq2,"never closed\nq3,Three');
    expect(body.errors).toEqual([{ line: 3, column: '', code: 'quote' }]);
  });

  it('takes 5,000 rows at once', async () => {
    const tag = unique();
    const rows = Array.from({ length: 5000 }, (_, i) => `bulk-${tag}-${i},Bulk ${i},Plan ${i % 3},${i}`);
    const started = Date.now();
    const { status, body } = await upload(actors.admin, `id,name,plan,monthly_revenue\n${rows.join('\n')}`);
    expect(status).toBe(200);
    expect(body).toEqual({ created: 5000, updated: 0, unchanged: 0 });
    expect(Date.now() - started).toBeLessThan(30_000);
  });

  it('is for admins only', async () => {
    const id = `denied-${unique()}`;
    await expectAccess(async (actor) => {
      const { status } = await upload(actors[actor], `id,name\n${id}-${actor.replace(/ /g, '')},X`);
      if (status !== 200) throw refused(String(status));
    }, allowed('admin'));
  });
});

describe('nobody but staff reads a customer, even once identified by the app', () => {
  let customer: PocketBase;
  let companyRecord: RecordModel;
  let profileRecord: RecordModel;
  let post: RecordModel;
  type Who = Actor | 'widget-identified user';
  const everyone: Who[] = [...ACTORS, 'widget-identified user'];
  const clientOf = (who: Who) => (who === 'widget-identified user' ? customer : actors[who]);
  const staffOnly = (who: Who) => who === 'moderator' || who === 'admin';

  beforeAll(async () => {
    const companyId = `secret-${unique()}`;
    customer = await identified(
      person({
        company: { id: companyId, name: 'Secret Co', plan: 'Enterprise', monthly_revenue: 777 },
        attributes: { tier: 'gold' },
      }),
    );
    companyRecord = await companyBy(companyId);
    profileRecord = await profileOf(idOf(customer));
    post = await createPost(pb, board, actors.member);
    await customer.collection('votes').create({ post: post.id, user: idOf(customer) });
  });

  it.each(everyone)('%s: reads companies, member profiles and insights only as staff', async (who) => {
    const client = clientOf(who);
    for (const [collection, id] of [
      ['companies', companyRecord.id],
      ['member_profiles', profileRecord.id],
      ['post_insights', post.id],
    ] as const) {
      const view = await client
        .collection(collection)
        .getOne(id)
        .then(() => true)
        .catch(() => false);
      const list = await client
        .collection(collection)
        .getList(1, 50, { filter: `id = "${id}"` })
        .then((page) => page.items.length > 0)
        .catch(() => false);
      expect({ collection, view, list }).toEqual({ collection, view: staffOnly(who), list: staffOnly(who) });
    }
    // Not through the customer's own user record either, nor by probing it with a filter.
    if (who === 'widget-identified user') {
      // Its own times left out: "777" may be the milliseconds of `created` (it was, once in a CI run).
      const { created: _created, updated: _updated, ...me } = await client.collection('users').getOne(idOf(client));
      expect(JSON.stringify(me)).not.toMatch(/Secret Co|777|gold/);
      const probe = await client
        .collection('users')
        .getList(1, 5, { filter: `id = "${idOf(client)}" && member_profiles_via_user.company.monthly_revenue > 1` })
        .then((page) => page.items.length)
        .catch(() => 0);
      expect(probe).toBe(0);
    }
  });

  it.each(everyone)('%s: writes a company or a profile only as staff (companies: admins)', async (who) => {
    const client = clientOf(who);
    const wroteCompany = await client
      .collection('companies')
      .update(companyRecord.id, { monthly_revenue: 1 })
      .then(() => true)
      .catch(() => false);
    expect(wroteCompany).toBe(who === 'admin');
    const wroteProfile = await client
      .collection('member_profiles')
      .update(profileRecord.id, { attributes: { tier: who } })
      .then(() => true)
      .catch(() => false);
    expect(wroteProfile).toBe(staffOnly(who));
    await pb.admin.collection('companies').update(companyRecord.id, { monthly_revenue: 777 });
  });

  it.each(everyone)('%s: hears a change of revenue live only as staff', async (who) => {
    const client = clientOf(who);
    const listener = await listenRealtime(client, ['post_insights', 'companies', `post_insights/${post.id}`]);
    try {
      const revenue = 1000 + Math.floor(Math.random() * 1000);
      await pb.admin.collection('companies').update(companyRecord.id, { monthly_revenue: revenue });
      if (staffOnly(who)) {
        await listener.waitFor((event) => event.topic === 'post_insights' && event.record.revenue === revenue);
        await listener.waitFor((event) => event.topic === 'companies' && event.record.monthly_revenue === revenue);
      } else {
        await new Promise((resolve) => setTimeout(resolve, 600));
        expect(listener.events).toEqual([]);
      }
    } finally {
      listener.close();
    }
  });
});

describe('webhooks carry customer data only where an admin turned it on', () => {
  it("gives the idea's revenue and its author's company to that endpoint, and nothing to the others", async () => {
    const make = (name: string, include: boolean) =>
      pb.admin.collection('webhooks').create({
        name,
        url: 'http://127.0.0.1:9/hook',
        kind: 'standard',
        events: ['idea.posted', 'comment.posted'],
        include_customer_data: include,
      });
    const [withData, without] = await Promise.all([make('with customers', true), make('without customers', false)]);
    expect(without.include_customer_data).toBe(false);
    const author = await identified(
      person({ company: { id: `hooked-${unique()}`, name: 'Hooked Co', plan: 'Scale', monthly_revenue: 321 } }),
    );
    const voter = await identified(
      person({ company: { id: `voter-${unique()}`, name: 'Voter Co', plan: 'Pro', monthly_revenue: 1000 } }),
    );
    const post = await author
      .collection('posts')
      .create({ board: board.id, author: idOf(author), title: 'Customer idea', body: 'Body' });
    await voter.collection('votes').create({ post: post.id, user: idOf(voter) });
    await voter.collection('comments').create({ post: post.id, author: idOf(voter), body: 'Me too' });
    const revenue = (await pb.admin.collection('post_insights').getOne(post.id)).revenue;
    expect(revenue).toBeGreaterThanOrEqual(1000);
    const payloads = async (webhook: string) => {
      const rows = await pb.admin
        .collection('webhook_deliveries')
        .getFullList({ filter: `webhook = "${webhook}"`, sort: 'created' });
      return rows.map((row) => (typeof row.payload === 'string' ? JSON.parse(row.payload) : row.payload));
    };
    const [posted, commented] = await payloads(withData.id);
    expect(posted.data.idea.author.company).toEqual({ name: 'Hooked Co', plan: 'Scale' });
    expect(typeof posted.data.idea.revenue).toBe('number');
    expect(commented.data.idea).toMatchObject({ revenue, author: { company: { name: 'Hooked Co', plan: 'Scale' } } });
    const plain = await payloads(without.id);
    expect(plain).toHaveLength(2);
    for (const event of plain) {
      expect(JSON.stringify(event)).not.toMatch(/revenue|company|Hooked Co|Voter Co|Scale/);
    }
    await Promise.all(
      [withData, without].map((hook) => pb.admin.collection('webhooks').update(hook.id, { paused: true })),
    );
  });

  it('only admins turn it on', async () => {
    const hook = await pb.admin
      .collection('webhooks')
      .create({ name: 'toggle', url: 'http://127.0.0.1:9/t', kind: 'standard', events: ['idea.posted'], paused: true });
    await expectAccess(
      (actor) => actors[actor].collection('webhooks').update(hook.id, { include_customer_data: actor !== 'admin' }),
      allowed('admin'),
    );
  });
});

describe("staff edit a member's company and attributes", () => {
  it('moderators and admins set them; the attributes follow the same rules as identify tokens', async () => {
    const co = await pb.admin
      .collection('companies')
      .create({ external_id: `staff-set-${unique()}`, name: 'Staff Set', plan: 'Pro', monthly_revenue: 50 });
    for (const staff of ['moderator', 'admin'] as const) {
      const member = await pb.actor('member');
      const created = await actors[staff]
        .collection('member_profiles')
        .create({ user: idOf(member), company: co.id, attributes: { seats: 3, trial: false, region: 'eu' } });
      expect(created).toMatchObject({ company: co.id, attributes: { seats: 3, trial: false, region: 'eu' } });
      for (const attributes of [
        { nested: { a: 1 } },
        { list: [1] },
        { 'bad key': 1 },
        { long: 'x'.repeat(201) },
        Object.fromEntries(Array.from({ length: 31 }, (_, i) => [`k${i}`, i])),
        ['not', 'a', 'map'],
      ]) {
        const refusal = await actors[staff]
          .collection('member_profiles')
          .update(created.id, { attributes })
          .then(() => null)
          .catch((error) => error);
        expect(refusal?.status, JSON.stringify(attributes).slice(0, 60)).toBe(400);
        expect(refusal.response.data.attributes.code).toBe('invalid_attributes');
      }
      const moved = await actors[staff]
        .collection('member_profiles')
        .update(created.id, { company: '', attributes: {} });
      expect(moved.company).toBe('');
    }
  });
});
