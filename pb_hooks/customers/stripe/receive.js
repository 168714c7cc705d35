// Stripe's webhook door (pb_hooks/customers/stripe/stripe.pb.js): every request proves it is Stripe's (./verify.js)
// before anything is read; then an event about a customer's subscriptions or the customer brings their company's
// revenue up to date (./sync.js). Every other event type is answered 200 and ignored (Stripe retries anything else
// for three days), and nothing is written for it.
const { connection, noteEvent } = require(`${__hooks}/customers/stripe/settings.js`);
const { signatureProblem } = require(`${__hooks}/customers/stripe/verify.js`);
const { syncCustomer, customerOf, HANDLED } = require(`${__hooks}/customers/stripe/sync.js`);

/** Stripe's events are a few KB; a subscription with many items stays far below this. */
const MAX_BODY_BYTES = 256 * 1024;

function receiveWebhook(e) {
  const door = connection.openDoor(e, {
    maxBytes: MAX_BODY_BYTES,
    // Stripe's own libraries answer a bad signature 400.
    signatureStatus: 400,
    signatureProblem: (raw, settings) =>
      signatureProblem(
        settings.getString('webhook_secret'),
        String(e.request.header.get('Stripe-Signature') || ''),
        raw,
        Math.floor(Date.now() / 1000),
      ),
  });
  if (door.refused) return door.refused;
  const { settings, payload: event } = door;
  const type = String(event?.type || '');
  if (event?.object !== 'event' || !HANDLED.includes(type)) return e.json(200, { received: true, ignored: true });
  const customer = customerOf(event);
  if (!/^cus_[A-Za-z0-9]{1,250}$/.test(customer)) return e.json(200, { received: true, ignored: true });
  const outcome = syncCustomer(e.app, settings.getString('secret_key'), customer);
  noteEvent(e.app, type, outcome);
  if (outcome.startsWith('error:')) {
    e.app.logger().warn('Stripe: reading the customer failed', 'customer', customer, 'error', outcome);
    // A 5xx makes Stripe retry later (with backoff, up to three days), when its API may answer again.
    return e.json(503, { message: 'Stripe could not be read; retry later.' });
  }
  e.app.logger().info('Stripe: an event was applied', 'type', type, 'customer', customer, 'outcome', outcome);
  return e.json(200, { received: true, outcome });
}

module.exports = { receiveWebhook };
