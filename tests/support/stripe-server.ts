// A local Stripe for tests: the two REST reads revenue from Stripe makes (GET /v1/customers/{id} and GET
// /v1/subscriptions?customer=…&status=all, a list object with has_more), answered with the objects of Stripe's
// published OpenAPI fixtures (tests/fixtures/stripe/stripe-api.json, copied from github.com/stripe/openapi's
// openapi/fixtures3.json: resources.customer, subscription and event) with each test's customers, prices and
// quantities; the secret key checked as Stripe does (401 { error: { type: "invalid_request_error" } }). And events
// signed exactly as Stripe signs them (docs.stripe.com/webhooks#verify-manually): Stripe-Signature "t=<unix
// time>,v1=<HMAC-SHA256 hex of "<t>.<body>" keyed with the whole whsec_… secret>".
// To check the real ones after connecting: in Stripe's dashboard (Developers → Webhooks → the endpoint) "Send test
// event" customer.subscription.updated and read the delivery's response; and
// `curl -u "$RESTRICTED_KEY:" "https://api.stripe.com/v1/subscriptions?customer=cus_…&status=all"` shows the fields
// read here (status, items.data[].price.unit_amount, recurring.interval, interval_count, quantity).
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { startJsonServer } from './tracker-server';

const RECORDED = JSON.parse(readFileSync(join(import.meta.dirname, '../fixtures/stripe/stripe-api.json'), 'utf8'));

export interface StripePrice {
  unitAmount: number | null;
  interval: 'day' | 'week' | 'month' | 'year';
  intervalCount?: number;
  currency?: string;
  usageType?: 'licensed' | 'metered';
}
export interface StripeItem {
  price: StripePrice;
  quantity?: number;
}
export interface StripeSubscription {
  id: string;
  status: 'active' | 'past_due' | 'trialing' | 'canceled' | 'unpaid' | 'incomplete' | 'incomplete_expired' | 'paused';
  items: StripeItem[];
}
export interface StripeCustomer {
  id: string;
  email?: string | null;
  metadata?: Record<string, string>;
  deleted?: boolean;
}

let made = 0;
const nextId = (prefix: string) => `${prefix}_${(++made).toString(36).padStart(14, '0')}`;

/** A customer object: Stripe's recorded example with this customer's id, email and metadata. */
function customerObject(customer: StripeCustomer) {
  if (customer.deleted) return { id: customer.id, object: 'customer', deleted: true };
  return { ...RECORDED.customer, id: customer.id, email: customer.email ?? null, metadata: customer.metadata ?? {} };
}

/** A subscription object: Stripe's recorded example with these items, status and customer. */
function subscriptionObject(customer: string, subscription: StripeSubscription) {
  const example = RECORDED.subscription;
  const exampleItem = example.items.data[0];
  const data = subscription.items.map((item) => {
    const currency = item.price.currency ?? 'usd';
    const recurring = {
      ...exampleItem.price.recurring,
      interval: item.price.interval,
      interval_count: item.price.intervalCount ?? 1,
      usage_type: item.price.usageType ?? 'licensed',
    };
    const price = {
      ...exampleItem.price,
      id: nextId('price'),
      currency,
      recurring,
      billing_scheme: 'per_unit',
      unit_amount: item.price.unitAmount,
      unit_amount_decimal: item.price.unitAmount === null ? null : String(item.price.unitAmount),
    };
    return { ...exampleItem, id: nextId('si'), price, quantity: item.quantity ?? 1, subscription: subscription.id };
  });
  return {
    ...example,
    id: subscription.id,
    customer,
    status: subscription.status,
    currency: subscription.items[0]?.price.currency ?? 'usd',
    items: { ...example.items, data, has_more: false, url: `/v1/subscription_items?subscription=${subscription.id}` },
  };
}

export async function startStripeServer({ key }: { key: string }) {
  const customers = new Map<string, StripeCustomer>();
  const subscriptions = new Map<string, StripeSubscription[]>();
  const server = await startJsonServer((call, authorization) => {
    const url = new URL(call.path, 'http://stripe.local');
    if (authorization !== `Bearer ${key}`) {
      const error = { type: 'invalid_request_error', message: 'Invalid API Key provided.' };
      return { status: 401, body: { error } };
    }
    const customerPath = /^\/v1\/customers\/([^/]+)$/.exec(url.pathname);
    if (call.method === 'GET' && customerPath) {
      const customer = customers.get(customerPath[1] ?? '');
      if (!customer) {
        const error = { type: 'invalid_request_error', code: 'resource_missing', param: 'id' };
        return { status: 404, body: { error } };
      }
      return { status: 200, body: customerObject(customer) };
    }
    if (call.method === 'GET' && url.pathname === '/v1/subscriptions') {
      const id = url.searchParams.get('customer') ?? '';
      const status = url.searchParams.get('status');
      // Without status=all, Stripe lists every subscription but the canceled ones.
      const all = (subscriptions.get(id) ?? []).filter((one) => status === 'all' || one.status !== 'canceled');
      const data = all.map((one) => subscriptionObject(id, one));
      return { status: 200, body: { object: 'list', url: '/v1/subscriptions', has_more: false, data } };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', message: 'Unrecognized request URL.' } } };
  });
  return {
    ...server,
    apiUrl: server.url,
    /** Adds (or replaces) a customer and their subscriptions. */
    setCustomer(customer: StripeCustomer, subs: StripeSubscription[] = []) {
      customers.set(customer.id, customer);
      subscriptions.set(customer.id, subs);
    },
    /** The number of API calls answered so far. */
    callCount: () => server.calls.length,
  };
}

export const customerId = () => nextId('cus');
export const subscriptionId = () => nextId('sub');

/** An event as Stripe delivers it: the recorded event with this type and object. */
export function stripeEvent(type: string, object: Record<string, unknown>) {
  return { ...RECORDED.event, id: nextId('evt'), type, created: Math.floor(Date.now() / 1000), data: { object } };
}

/** A customer.subscription.* event's object (the subscription, by id and customer). */
export const subscriptionEventObject = (customer: string, subscription: string) => ({
  ...RECORDED.subscription,
  id: subscription,
  customer,
});

export interface SignOptions {
  secret: string;
  timestamp?: number;
  /** More v1 signatures, put before the good one (as during a secret's rotation). */
  alsoSignedWith?: string[];
  header?: string | null;
}

/** The Stripe-Signature header Stripe sends with `body`. */
export function stripeSignature(body: string, secret: string, timestamp: number, others: string[] = []) {
  const sign = (key: string) => createHmac('sha256', key).update(`${timestamp}.${body}`).digest('hex');
  return [`t=${timestamp}`, ...others.map((key) => `v1=${sign(key)}`), `v1=${sign(secret)}`].join(',');
}

/** Posts `event` (an object or a raw body) to `url` as Stripe delivers a webhook. */
export function deliverStripe(url: string, event: unknown, options: SignOptions) {
  const body = typeof event === 'string' ? event : JSON.stringify(event);
  const timestamp = options.timestamp ?? Math.floor(Date.now() / 1000);
  const header =
    options.header === undefined
      ? stripeSignature(body, options.secret, timestamp, options.alsoSignedWith)
      : options.header;
  const headers: Record<string, string> = { 'content-type': 'application/json; charset=utf-8' };
  if (header !== null) headers['stripe-signature'] = header;
  return fetch(url, { method: 'POST', headers, body });
}
