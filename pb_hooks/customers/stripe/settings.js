// Stripe's settings (stripe_settings, one record): read by the webhook door, shown to admins without the secrets
// (that each is set, the key's mode and last four characters), and changed by admins in one audited write.
const { connectionOf } = require(`${__hooks}/platform/connection-settings.js`);

const connection = connectionOf({
  collection: 'stripe_settings',
  label: 'Stripe',
  action: 'stripe.settings',
  switches: ['active'],
  secrets: [
    // A secret key or, better, a restricted key (read-only): sk_live_…, sk_test_…, rk_live_…, rk_test_….
    ['secret_key', /^(sk|rk)_(live|test)_[A-Za-z0-9]{10,250}$/, 'masked', 8],
    ['webhook_secret', /^whsec_[A-Za-z0-9+/=]{10,250}$/, 'set'],
  ],
  // The last event handled and how it went (the integrations page's "last event").
  shown: ['last_event_at', 'last_event_type', 'last_outcome'],
  events: 'typed',
  // What the operator pastes into Stripe's dashboard (Developers → Webhooks → Add endpoint).
  addresses: { webhook_url: '/api/chorus/stripe/webhook' },
});

module.exports = { connection, stripeSettings: connection.settings, noteEvent: connection.noteEvent };
