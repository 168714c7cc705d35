// Revenue from Stripe (issue 58), against a real PocketBase and a local Stripe speaking its documented REST API and
// signature scheme (tests/support/stripe-server.ts): a signed subscription event brings its company's monthly revenue
// up to date from Stripe's API (matched by metadata, then by the member's email), with its source and time, and an
// idea's worth follows as after a hand edit; yearly, weekly and quantity prices are brought to a month, a cancelled
// subscription drops the revenue, and a value staff typed is kept with Stripe's waiting beside it until an admin
// accepts it. Anything unsigned, stale, foreign, oversized or of another type writes nothing.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestPocketBase, type TestPocketBase } from '../../support/pocketbase';
import {
  customerId,
  deliverStripe,
  type SignOptions,
  type StripeSubscription,
  startStripeServer,
  stripeEvent,
  stripeSignature,
  subscriptionEventObject,
  subscriptionId,
} from '../../support/stripe-server';
import { allowed, createActors, createBoard, createPost, expectAccess, idOf } from '../../support/world';

const KEY = 'rk_test_51StandInRestrictedKey0000'; // a restricted key's shape
const SECRET = 'whsec_standInSigningSecret0123456789abcdef';

let stripe: Awaited<ReturnType<typeof startStripeServer>>;
let pb: TestPocketBase;
let admin: PocketBase;

beforeAll(async () => {
  stripe = await startStripeServer({ key: KEY });
  pb = await startTestPocketBase({ env: { CHORUS_STRIPE_API_URL: stripe.apiUrl } });
  admin = await pb.actor('admin');
  await admin.send('/api/chorus/stripe/settings', {
    method: 'POST',
    body: { active: true, secret_key: KEY, webhook_secret: SECRET },
  });
}, 60_000);
afterAll(async () => {
  await pb?.stop();
  await stripe?.close();
});

const signed: SignOptions = { secret: SECRET };
const webhookUrl = () => `${pb.url}/api/chorus/stripe/webhook`;
let companies = 0;
const company = (fields: Record<string, unknown> = {}) => {
  companies += 1;
  return admin
    .collection('companies')
    .create({ external_id: `co-${companies}`, name: `Company ${companies}`, ...fields });
};
const read = (record: RecordModel) => pb.admin.collection('companies').getOne(record.id);
/** Stripe has this customer and subscriptions; a signed customer.subscription.<kind> event about it arrives. */
async function subscriptionEvent(customer: string, subs: StripeSubscription[], kind = 'updated', options = signed) {
  const event = stripeEvent(`customer.subscription.${kind}`, subscriptionEventObject(customer, subs[0]?.id ?? 'sub_x'));
  return deliverStripe(webhookUrl(), event, options);
}
const monthly = (unitAmount: number, quantity = 1): StripeSubscription['items'][number] => ({
  price: { unitAmount, interval: 'month' },
  quantity,
});

describe('settings', () => {
  it('admins set the key and signing secret; nobody reads them back; only admins see or change the settings', async () => {
    const shown = await admin.send('/api/chorus/stripe/settings', {});
    expect(shown).toMatchObject({
      active: true,
      secret_key: `rk_test_…${KEY.slice(-4)}`,
      webhook_secret_set: true,
      webhook_url: `${pb.url}/api/chorus/stripe/webhook`,
    });
    expect(JSON.stringify(shown)).not.toContain(KEY);
    expect(JSON.stringify(shown)).not.toContain(SECRET);
    const [record] = await admin.collection('stripe_settings').getFullList();
    expect(record).not.toHaveProperty('secret_key');
    expect(record).not.toHaveProperty('webhook_secret');
    await expect(admin.collection('stripe_settings').update(record?.id ?? '', { active: false })).rejects.toMatchObject(
      {
        status: 403,
      },
    );
    const audit = await pb.admin.collection('audit_entries').getFullList({ filter: 'action = "stripe.settings"' });
    expect(audit.map((entry) => entry.after)).toContainEqual({ changed: ['active', 'secret_key', 'webhook_secret'] });
    expect(JSON.stringify(audit)).not.toContain(KEY);
    for (const body of [{ secret_key: 'pk_live_publishablekey000' }, { webhook_secret: 'not a secret' }]) {
      await expect(admin.send('/api/chorus/stripe/settings', { method: 'POST', body })).rejects.toMatchObject({
        status: 400,
      });
    }
  });

  it('the access matrix: admins only, for reading and for writing; the secrets readable by no one', async () => {
    const actors = await createActors(pb);
    await expectAccess(
      (actor) => actors[actor].send('/api/chorus/stripe/settings', {}),
      allowed('admin'),
      'GET /api/chorus/stripe/settings',
    );
    await expectAccess(
      (actor) => actors[actor].send('/api/chorus/stripe/settings', { method: 'POST', body: { active: true } }),
      allowed('admin'),
      'POST /api/chorus/stripe/settings',
    );
    for (const actor of ['visitor', 'member', 'moderator', 'admin'] as const) {
      const rows = await actors[actor]
        .collection('stripe_settings')
        .getFullList()
        .catch(() => []);
      expect(rows.length, actor).toBe(actor === 'admin' ? 1 : 0);
      expect(JSON.stringify(rows)).not.toContain(SECRET);
    }
  });
});

describe('a signed subscription event', () => {
  it('sets the company of the customer’s metadata to the monthly amount, with its source and time, and ideas follow', async () => {
    const acme = await company();
    const buyer = await pb.actor('member');
    await pb.admin.collection('member_profiles').create({ user: idOf(buyer), company: acme.id });
    const post = await createPost(pb, await createBoard(pb, 'public'), buyer, { title: 'Audit log export' });
    await pb.admin.collection('votes').create({ post: post.id, user: idOf(buyer) });
    const customer = customerId();
    // 3 seats at $20 a month, and $1,200 a year: $60 + $100.
    const sub: StripeSubscription = {
      id: subscriptionId(),
      status: 'active',
      items: [monthly(2000, 3), { price: { unitAmount: 120_000, interval: 'year' }, quantity: 1 }],
    };
    stripe.setCustomer({ id: customer, email: 'billing@acme.test', metadata: { chorus_company: acme.external_id } }, [
      sub,
    ]);
    const before = Date.now();
    const started = performance.now();
    const response = await subscriptionEvent(customer, [sub], 'created');
    console.log(`Stripe event to company revenue: ${(performance.now() - started).toFixed(0)} ms`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ received: true, outcome: 'updated' });
    const now = await read(acme);
    expect(now).toMatchObject({
      monthly_revenue: 160,
      revenue_source: 'stripe',
      revenue_currency: 'usd',
      stripe_customer: customer,
      pending_source: '',
    });
    expect(Date.parse(now.revenue_at)).toBeGreaterThanOrEqual(before - 1000);
    // The same path as a hand edit: the idea its member voted for is worth the new revenue.
    expect((await pb.admin.collection('post_insights').getOne(post.id)).revenue).toBe(160);
    const settings = await admin.send('/api/chorus/stripe/settings', {});
    expect(settings).toMatchObject({ last_event_type: 'customer.subscription.created', last_outcome: 'updated' });

    // A cancelled subscription (customer.subscription.deleted) leaves nothing: the revenue drops, ideas follow.
    stripe.setCustomer({ id: customer, email: 'billing@acme.test', metadata: { chorus_company: acme.external_id } }, [
      { ...sub, status: 'canceled' },
    ]);
    expect((await subscriptionEvent(customer, [sub], 'deleted')).status).toBe(200);
    expect(await read(acme)).toMatchObject({ monthly_revenue: 0, revenue_source: 'stripe' });
    expect((await pb.admin.collection('post_insights').getOne(post.id)).revenue).toBe(0);
  });

  it('matches a customer without metadata by the member with its email, and brings weeks, years and counts to a month', async () => {
    const initech = await company();
    const member = await pb.actor('member', { email: 'peter@initech.test' });
    await pb.admin.collection('member_profiles').create({ user: idOf(member), company: initech.id });
    const customer = customerId();
    const subs: StripeSubscription[] = [
      // $10 every 2 weeks: 10 × 52 / 12 / 2 = 21.666…
      {
        id: subscriptionId(),
        status: 'active',
        items: [{ price: { unitAmount: 1000, interval: 'week', intervalCount: 2 } }],
      },
      // $3,600 every 3 years, 2 seats: 7,200 / 36 = 200; past due still counts (Stripe still bills it).
      {
        id: subscriptionId(),
        status: 'past_due',
        items: [{ price: { unitAmount: 360_000, interval: 'year', intervalCount: 3 }, quantity: 2 }],
      },
      // A trial, an unpaid and a metered price count nothing.
      { id: subscriptionId(), status: 'trialing', items: [monthly(99_900)] },
      { id: subscriptionId(), status: 'unpaid', items: [monthly(50_000)] },
      {
        id: subscriptionId(),
        status: 'active',
        items: [{ price: { unitAmount: 5, interval: 'month', usageType: 'metered' } }],
      },
    ];
    stripe.setCustomer({ id: customer, email: 'Peter@Initech.test' }, subs);
    expect((await subscriptionEvent(customer, subs)).status).toBe(200);
    expect(await read(initech)).toMatchObject({
      monthly_revenue: 221.67,
      revenue_source: 'stripe',
      stripe_customer: customer,
    });

    // A daily price in a zero-decimal currency: ¥100 a day is ¥3,041.67 a month, not ¥30.42.
    const daily: StripeSubscription[] = [
      {
        id: subscriptionId(),
        status: 'active',
        items: [{ price: { unitAmount: 100, interval: 'day', currency: 'jpy' } }],
      },
    ];
    stripe.setCustomer({ id: customer, email: 'peter@initech.test' }, daily);
    expect((await subscriptionEvent(customer, daily)).status).toBe(200);
    expect(await read(initech)).toMatchObject({ monthly_revenue: 3041.67, revenue_currency: 'jpy' });

    // customer.updated moves it too; then the customer deleted in Stripe leaves its company (matched before) at 0.
    const updated = stripeEvent('customer.updated', { id: customer, object: 'customer' });
    stripe.setCustomer({ id: customer, email: 'peter@initech.test' }, [
      { id: subscriptionId(), status: 'active', items: [monthly(4200)] },
    ]);
    expect((await deliverStripe(webhookUrl(), updated, signed)).status).toBe(200);
    expect(await read(initech)).toMatchObject({ monthly_revenue: 42, revenue_currency: 'usd' });
    stripe.setCustomer({ id: customer, deleted: true });
    const deleted = stripeEvent('customer.deleted', { id: customer, object: 'customer' });
    expect((await deliverStripe(webhookUrl(), deleted, signed)).status).toBe(200);
    expect(await read(initech)).toMatchObject({ monthly_revenue: 0, revenue_source: 'stripe' });
  });

  it('keeps a value staff typed, with Stripe’s beside it as pending, until an admin accepts it', async () => {
    const globex = await company({ monthly_revenue: 500 });
    expect(await read(globex)).toMatchObject({ monthly_revenue: 500, revenue_source: 'manual' });
    const buyer = await pb.actor('member');
    await pb.admin.collection('member_profiles').create({ user: idOf(buyer), company: globex.id });
    const post = await createPost(pb, await createBoard(pb, 'public'), buyer, { title: 'SAML single sign-on' });
    await pb.admin.collection('votes').create({ post: post.id, user: idOf(buyer) });
    const customer = customerId();
    const subscription = subscriptionId();
    const subs: StripeSubscription[] = [{ id: subscription, status: 'active', items: [monthly(90_000)] }];
    stripe.setCustomer({ id: customer, email: 'ap@globex.test', metadata: { company_id: globex.external_id } }, subs);
    const response = await subscriptionEvent(customer, subs);
    expect(await response.json()).toEqual({ received: true, outcome: 'pending' });
    const held = await read(globex);
    expect(held).toMatchObject({
      monthly_revenue: 500,
      revenue_source: 'manual',
      pending_revenue: 900,
      pending_source: 'stripe',
    });
    expect(held.pending_at).not.toBe('');
    expect((await pb.admin.collection('post_insights').getOne(post.id)).revenue).toBe(500);

    // Nobody but the server sets the source or the pending value, an admin included.
    await expect(
      admin.collection('companies').update(globex.id, { revenue_source: 'stripe', monthly_revenue: 1 }),
    ).rejects.toMatchObject({ status: expect.any(Number) });
    await expect(admin.collection('companies').update(globex.id, { pending_revenue: 1 })).rejects.toBeTruthy();
    expect(await read(globex)).toMatchObject({ monthly_revenue: 500, pending_revenue: 900 });

    const accept = `/api/chorus/companies/${globex.id}/revenue/accept`;
    const moderator = await pb.actor('moderator');
    await expect(moderator.send(accept, { method: 'POST' })).rejects.toMatchObject({ status: 403 });
    await expect(pb.visitor().send(accept, { method: 'POST' })).rejects.toMatchObject({ status: 401 });
    await expect(admin.send(accept, { method: 'POST' })).resolves.toMatchObject({
      monthly_revenue: 900,
      revenue_source: 'stripe',
    });
    expect(await read(globex)).toMatchObject({ monthly_revenue: 900, revenue_source: 'stripe', pending_source: '' });
    expect((await pb.admin.collection('post_insights').getOne(post.id)).revenue).toBe(900);
    await expect(admin.send(accept, { method: 'POST' })).rejects.toMatchObject({ status: 404 });
    const audit = await pb.admin.collection('audit_entries').getFullList({
      filter: pb.admin.filter('action = "companies.revenue_accept" && target_id = {:id}', { id: globex.id }),
    });
    expect(audit.map((entry) => entry.after)).toEqual([{ monthly_revenue: 900, source: 'stripe' }]);

    // Accepted, Stripe keeps it current from then on.
    const more: StripeSubscription[] = [{ id: subscription, status: 'active', items: [monthly(90_000, 2)] }];
    stripe.setCustomer({ id: customer, email: 'ap@globex.test', metadata: { company_id: globex.external_id } }, more);
    await subscriptionEvent(customer, more);
    expect(await read(globex)).toMatchObject({ monthly_revenue: 1800, revenue_source: 'stripe', pending_source: '' });
  });

  it('accepts nothing for a company with nothing pending or no such company: 404, unchanged, not audited', async () => {
    const plain = await company({ monthly_revenue: 250 });
    const before = await read(plain);
    for (const id of [plain.id, 'nosuchcompany00']) {
      await expect(admin.send(`/api/chorus/companies/${id}/revenue/accept`, { method: 'POST' })).rejects.toMatchObject({
        status: 404,
      });
    }
    expect(await read(plain)).toEqual(before);
    const audit = await pb.admin.collection('audit_entries').getFullList({
      filter: pb.admin.filter('action = "companies.revenue_accept" && target_id = {:id}', { id: plain.id }),
    });
    expect(audit).toEqual([]);
  });

  it('accepts the event when any of its v1 signatures matches (a secret being rolled)', async () => {
    const target = await company();
    const customer = customerId();
    const subs: StripeSubscription[] = [{ id: subscriptionId(), status: 'active', items: [monthly(1234)] }];
    stripe.setCustomer({ id: customer, metadata: { chorus_company: target.external_id } }, subs);
    const response = await subscriptionEvent(customer, subs, 'updated', {
      secret: SECRET,
      alsoSignedWith: ['whsec_anOlderSecretBeingRolled000000'],
    });
    expect(response.status).toBe(200);
    expect(await read(target)).toMatchObject({ monthly_revenue: 12.34 });
  });

  it('writes nothing for a customer that matches no company, or that Stripe does not know', async () => {
    const customer = customerId();
    const subs: StripeSubscription[] = [{ id: subscriptionId(), status: 'active', items: [monthly(5000)] }];
    stripe.setCustomer({ id: customer, email: 'nobody@nowhere.test' }, subs);
    const before = await pb.admin.collection('companies').getFullList({ sort: 'id' });
    const response = await subscriptionEvent(customer, subs);
    expect(await response.json()).toEqual({ received: true, outcome: 'unmatched' });
    // A customer Stripe does not know (a made-up test event's): answered 200, never retried, nothing written.
    const unknown = await subscriptionEvent(customerId(), subs);
    expect(unknown.status).toBe(200);
    expect(await unknown.json()).toEqual({ received: true, outcome: 'not_found' });
    expect(await pb.admin.collection('companies').getFullList({ sort: 'id' })).toEqual(before);
  });
});

describe('refused or ignored, and nothing written', () => {
  it('a bad or missing signature, a replayed timestamp, another secret, an oversized body, another event type', async () => {
    const target = await company();
    const customer = customerId();
    const subscription = subscriptionId();
    stripe.setCustomer({ id: customer, metadata: { chorus_company: target.external_id } }, [
      { id: subscription, status: 'active', items: [monthly(7700)] },
    ]);
    const event = stripeEvent('customer.subscription.updated', subscriptionEventObject(customer, subscription));
    const body = JSON.stringify(event);
    const now = Math.floor(Date.now() / 1000);
    const snapshot = async () => ({
      companies: await pb.admin.collection('companies').getFullList({ sort: 'id' }),
      settings: await pb.admin.collection('stripe_settings').getFullList(),
      calls: stripe.callCount(),
    });
    const before = await snapshot();
    const attempts: [string, Promise<Response>, number][] = [
      ['no Stripe-Signature header', deliverStripe(webhookUrl(), body, { secret: SECRET, header: null }), 400],
      [
        'a signature of another body',
        deliverStripe(webhookUrl(), `${body} `, { secret: SECRET, header: stripeSignature(body, SECRET, now) }),
        400,
      ],
      ['a malformed header', deliverStripe(webhookUrl(), body, { secret: SECRET, header: 'v1=abc,t=x' }), 400],
      [
        'another endpoint’s secret',
        deliverStripe(webhookUrl(), body, { secret: 'whsec_anotherEndpointsSecret000000' }),
        400,
      ],
      [
        'a replay: signed six minutes ago',
        deliverStripe(webhookUrl(), body, { secret: SECRET, timestamp: now - 360 }),
        400,
      ],
      ['signed for the future', deliverStripe(webhookUrl(), body, { secret: SECRET, timestamp: now + 360 }), 400],
      [
        'a v0 signature only',
        deliverStripe(webhookUrl(), body, { secret: SECRET, header: `t=${now},v0=${'0'.repeat(64)}` }),
        400,
      ],
      [
        'a body over 256 KB, signed',
        deliverStripe(webhookUrl(), { ...event, padding: 'x'.repeat(300 * 1024) }, { secret: SECRET }),
        413,
      ],
      ['signed, not JSON', deliverStripe(webhookUrl(), 'not json', { secret: SECRET }), 400],
    ];
    for (const [what, sent, status] of attempts) expect((await sent).status, what).toBe(status);
    // Signed and well formed, but of a type revenue does not follow, or with no customer: answered 200, ignored.
    for (const ignored of [
      stripeEvent('invoice.paid', { id: 'in_1', object: 'invoice', customer }),
      stripeEvent('plan.created', { id: 'plan_1', object: 'plan', amount: 2000, interval: 'month' }),
      stripeEvent('customer.subscription.updated', { object: 'subscription', customer: 'not-a-customer' }),
    ]) {
      const response = await deliverStripe(webhookUrl(), ignored, signed);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({ received: true, ignored: true });
    }
    expect(await snapshot()).toEqual(before);
    expect((await read(target)).monthly_revenue).toBe(0);
  });

  it('counts the body cap in bytes: 140,000 two-byte characters (280 KB) are refused 413, before Stripe is read', async () => {
    const calls = stripe.callCount();
    const event = stripeEvent('customer.updated', { id: customerId(), object: 'customer' });
    const response = await deliverStripe(webhookUrl(), { ...event, padding: 'é'.repeat(140_000) }, signed);
    expect(response.status).toBe(413);
    expect(stripe.callCount()).toBe(calls);
  });

  it('answers 404 and reads nothing while Stripe is off', async () => {
    await admin.send('/api/chorus/stripe/settings', { method: 'POST', body: { active: false } });
    const calls = stripe.callCount();
    const event = stripeEvent('customer.updated', { id: customerId(), object: 'customer' });
    expect((await deliverStripe(webhookUrl(), event, signed)).status).toBe(404);
    expect(stripe.callCount()).toBe(calls);
    await admin.send('/api/chorus/stripe/settings', { method: 'POST', body: { active: true } });
  });

  it('answers 503 (Stripe retries later) and writes no revenue when Stripe’s API refuses the key', async () => {
    const target = await company();
    const customer = customerId();
    stripe.setCustomer({ id: customer, metadata: { chorus_company: target.external_id } }, []);
    await admin.send('/api/chorus/stripe/settings', {
      method: 'POST',
      body: { secret_key: 'rk_test_aRevokedKey000000000' },
    });
    const event = stripeEvent('customer.updated', { id: customer, object: 'customer' });
    expect((await deliverStripe(webhookUrl(), event, signed)).status).toBe(503);
    expect(await admin.send('/api/chorus/stripe/settings', {})).toMatchObject({
      last_outcome: 'error:http_401',
    });
    expect(await read(target)).toMatchObject({ monthly_revenue: 0, stripe_customer: '' });
    await admin.send('/api/chorus/stripe/settings', { method: 'POST', body: { secret_key: KEY } });
  });
});
