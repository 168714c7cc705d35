// The one module that speaks to Stripe (issue 58): its REST API's reads of a customer and their subscriptions
// (GET /v1/customers/{id}, GET /v1/subscriptions?customer=…&status=all; the shapes of Stripe's published OpenAPI
// spec, github.com/stripe/openapi) with the secret key (a restricted key with read access to customers and
// subscriptions is enough). Calls go through platform/outbound/outbound.js (public addresses only, no redirects, a
// time and size cap). CHORUS_STRIPE_API_URL points them at a local server speaking the same API (tests).
const { send, jsonAnswer } = require(`${__hooks}/platform/outbound/outbound.js`);

const TIMEOUT_SECONDS = 5;
const MAX_ANSWER_BYTES = 2 * 1024 * 1024;
const MAX_PAGES = 5; // 500 subscriptions for one customer

const apiUrl = () => ($os.getenv('CHORUS_STRIPE_API_URL') || 'https://api.stripe.com').replace(/\/+$/, '');

/** One GET: { ok: true, json } or { ok: false, error }: Stripe's status (401 a refused key, 403 a restricted key
 * without the permission, 404 no such customer, 429, 5xx) or outbound's fixed reason; never Stripe's words. */
function get(key, path) {
  if (!key) return { ok: false, error: 'no_key' };
  const answer = send({
    url: `${apiUrl()}${path}`,
    headers: {
      authorization: `Bearer ${key}`,
      accept: 'application/json',
      'stripe-version': '2025-03-31.basil',
      'user-agent': 'Chorus-Revenue/1',
    },
    timeoutSeconds: TIMEOUT_SECONDS,
    maxBytes: MAX_ANSWER_BYTES,
  });
  return jsonAnswer(answer);
}

const customerId = (id) => /^cus_[A-Za-z0-9]{1,250}$/.test(String(id || ''));

/** The customer object ({ id, email, metadata, currency, deleted? }), or { ok: false, error }. */
function readCustomer(key, id) {
  if (!customerId(id)) return { ok: false, error: 'bad_customer_id' };
  return get(key, `/v1/customers/${id}`);
}

/** Every subscription of the customer, whatever its status (Stripe's list, followed page by page). */
function readSubscriptions(key, id) {
  if (!customerId(id)) return { ok: false, error: 'bad_customer_id' };
  const all = [];
  let after = '';
  for (let page = 0; page < MAX_PAGES; page += 1) {
    const query = `customer=${id}&status=all&limit=100${after ? `&starting_after=${encodeURIComponent(after)}` : ''}`;
    const answer = get(key, `/v1/subscriptions?${query}`);
    if (!answer.ok) return answer;
    const data = Array.isArray(answer.json.data) ? answer.json.data : [];
    all.push(...data);
    if (!answer.json.has_more || data.length === 0) return { ok: true, subscriptions: all };
    after = String(data[data.length - 1].id || '');
  }
  return { ok: true, subscriptions: all, truncated: true };
}

module.exports = { readCustomer, readSubscriptions };
