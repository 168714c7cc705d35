// A Stripe event to a company's monthly revenue (issue 58). The event only says which customer changed: the
// customer and their subscriptions are then read from Stripe's API (./api.js), so an event replayed, retried or
// delivered out of order still writes Stripe's current truth, never the event's old copy.
//
// What counts (the usual meaning of monthly recurring revenue): subscriptions whose status is `active` or
// `past_due` (Stripe still bills them and retries the payment); `trialing` counts nothing until the first paid
// period, and `canceled`, `unpaid`, `incomplete`, `incomplete_expired` and `paused` nothing. Each licensed item is
// price.unit_amount × quantity at its list price (before discounts and tax; metered and tiered prices have no
// unit amount and are left out), brought to a month: ÷ interval_count, and a year ÷ 12, a week × 52/12, a day ×
// 365/12. Amounts are in the currency's smallest unit (cents), so ÷ 100 except in zero-decimal currencies. Only the
// items in the customer's main currency are summed (the currency of most of its amount).
//
// Which company: the customer's metadata `chorus_company` (or `company_id`), a company external id; else the company
// this customer was matched to before; else the company of the member whose email is the customer's. A customer
// that matches nothing writes nothing (the integrations page shows it as the last outcome).
const { readCustomer, readSubscriptions } = require(`${__hooks}/customers/stripe/api.js`);
const { offerRevenue } = require(`${__hooks}/customers/revenue.js`);
const { firstRecordOrNull } = require(`${__hooks}/platform/records.js`);

const COUNTED = ['active', 'past_due'];
/** Stripe's zero-decimal currencies (docs.stripe.com/currencies#zero-decimal). */
const ZERO_DECIMAL = [
  'bif',
  'clp',
  'djf',
  'gnf',
  'jpy',
  'kmf',
  'krw',
  'mga',
  'pyg',
  'rwf',
  'ugx',
  'vnd',
  'vuv',
  'xaf',
  'xof',
  'xpf',
];
const PER_MONTH = { month: 1, year: 1 / 12, week: 52 / 12, day: 365 / 12 };
/** The events that can change a customer's revenue or company; every other type is ignored. */
const HANDLED = [
  'customer.subscription.created',
  'customer.subscription.updated',
  'customer.subscription.deleted',
  'customer.subscription.paused',
  'customer.subscription.resumed',
  'customer.updated',
  'customer.deleted',
];

/** The monthly amount of one subscription item in the currency's smallest unit, or null when it has none. */
function itemMonthly(item) {
  const price = item?.price;
  const recurring = price?.recurring;
  if (!price || !recurring || recurring.usage_type === 'metered') return null;
  if (price.billing_scheme === 'tiered') return null;
  // unit_amount_decimal carries sub-cent prices (unit_amount is then null); either is in the smallest unit.
  const given = price.unit_amount_decimal ?? price.unit_amount;
  if (given === null || given === undefined || given === '') return null;
  const unit = Number(given);
  const perMonth = PER_MONTH[recurring.interval];
  const count = Number(recurring.interval_count) || 1;
  if (!Number.isFinite(unit) || unit < 0 || perMonth === undefined) return null;
  const quantity = item.quantity === undefined || item.quantity === null ? 1 : Number(item.quantity);
  if (!Number.isFinite(quantity) || quantity < 0) return null;
  return (unit * quantity * perMonth) / count;
}

/** { amount (units), currency } of a customer's subscriptions. */
function monthlyRevenue(subscriptions, preferredCurrency) {
  const byCurrency = {};
  for (const subscription of subscriptions) {
    if (!COUNTED.includes(subscription?.status)) continue;
    for (const item of subscription.items?.data ?? []) {
      const minor = itemMonthly(item);
      if (minor === null) continue;
      const currency = String(item.price.currency || subscription.currency || '').toLowerCase();
      byCurrency[currency] = (byCurrency[currency] || 0) + minor;
    }
  }
  const currencies = Object.keys(byCurrency);
  if (currencies.length === 0) return { amount: 0, currency: String(preferredCurrency || '').toLowerCase() };
  const currency = currencies.reduce((best, next) => (byCurrency[next] > byCurrency[best] ? next : best));
  const divisor = ZERO_DECIMAL.includes(currency) ? 1 : 100;
  return { amount: Math.round((byCurrency[currency] / divisor) * 100) / 100, currency };
}

/** The company a Stripe customer belongs to, or null. */
function matchCompany(app, customer) {
  const metadata = customer.metadata && typeof customer.metadata === 'object' ? customer.metadata : {};
  const externalId = String(metadata.chorus_company || metadata.company_id || '').trim();
  if (externalId) {
    const company = firstRecordOrNull(app, 'companies', 'external_id = {:id}', { id: externalId });
    if (company) return company;
  }
  const linked = firstRecordOrNull(app, 'companies', 'stripe_customer = {:id}', { id: customer.id });
  if (linked) return linked;
  const email = String(customer.email || '')
    .trim()
    .toLowerCase();
  if (!email) return null;
  const user = firstRecordOrNull(app, 'users', 'email = {:email}', { email });
  if (!user) return null;
  const profile = firstRecordOrNull(app, 'member_profiles', 'user = {:user}', { user: user.id });
  const companyId = profile ? profile.getString('company') : '';
  if (!companyId) return null;
  return firstRecordOrNull(app, 'companies', 'id = {:id}', { id: companyId });
}

/** The customer id an event is about: the object's `customer` (a subscription) or its `id` (a customer). */
function customerOf(event) {
  const object = event?.data?.object ?? {};
  if (object.object === 'customer') return String(object.id || '');
  return String(typeof object.customer === 'string' ? object.customer : object.customer?.id || '');
}

/**
 * Brings the company of the event's customer up to date. Answers the outcome for the log and the integrations page:
 * 'updated' | 'pending' | 'unchanged' | 'unmatched' | 'not_found' | 'error:<why>' (Stripe unreachable or refusing).
 */
function syncCustomer(app, key, id) {
  const customer = readCustomer(key, id);
  // A customer Stripe does not know (another account's, a made-up test event's): nothing to read, ever.
  if (!customer.ok && customer.error === 'http_404') return 'not_found';
  if (!customer.ok) return `error:${customer.error}`;
  const found = customer.json;
  let amount = 0;
  let currency = String(found.currency || '').toLowerCase();
  if (!found.deleted) {
    const subscriptions = readSubscriptions(key, id);
    if (!subscriptions.ok) return `error:${subscriptions.error}`;
    ({ amount, currency } = monthlyRevenue(subscriptions.subscriptions, currency));
  }
  // A deleted customer has no email or metadata left: only the company it was matched to before can be found.
  const company = found.deleted
    ? firstRecordOrNull(app, 'companies', 'stripe_customer = {:id}', { id })
    : matchCompany(app, { ...found, id });
  if (!company) return 'unmatched';
  let outcome = 'unchanged';
  app.runInTransaction((txApp) => {
    const record = txApp.findRecordById('companies', company.id);
    const linking = !found.deleted && record.getString('stripe_customer') !== id;
    if (linking) record.set('stripe_customer', id);
    outcome = offerRevenue(record, { amount, source: 'stripe', currency: /^[a-z]{3}$/.test(currency) ? currency : '' });
    if (linking || outcome !== 'unchanged') txApp.save(record);
  });
  return outcome;
}

module.exports = { syncCustomer, customerOf, HANDLED };
