// Stripe's settings (stripe_settings, one record): read by the webhook door, shown to admins without the secrets
// (that each is set, the key's mode and last four characters), and changed by admins in one audited write.
const settingsRecord = require(`${__hooks}/platform/connection-settings.js`);

// A secret key or, better, a restricted key (read-only): sk_live_…, sk_test_…, rk_live_…, rk_test_….
const SECRET_KEY = /^(sk|rk)_(live|test)_[A-Za-z0-9]{10,250}$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/=]{10,250}$/;

/** The one settings record. */
function stripeSettings(app) {
  return settingsRecord.connectionSettings(app, 'stripe_settings');
}

/** What an admin sees: never the secrets themselves. */
function describeSettings(e, settings) {
  return {
    active: settings.getBool('active'),
    secret_key: settingsRecord.maskedSecret(settings.getString('secret_key'), 8),
    webhook_secret_set: settings.getString('webhook_secret') !== '',
    last_event_at: settings.getString('last_event_at'),
    last_event_type: settings.getString('last_event_type'),
    last_outcome: settings.getString('last_outcome'),
    // What the operator pastes into Stripe's dashboard (Developers → Webhooks → Add endpoint).
    webhook_url: `${settingsRecord.ownBase(e)}/api/chorus/stripe/webhook`,
  };
}

/** POST …/settings { active?, secret_key?, webhook_secret? }: the fields given, checked. */
function updateSettings(e) {
  const settings = settingsRecord.updateConnectionSettings(e, {
    collection: 'stripe_settings',
    label: 'Stripe',
    action: 'stripe.settings',
    switches: ['active'],
    secrets: [
      ['secret_key', SECRET_KEY],
      ['webhook_secret', WEBHOOK_SECRET],
    ],
  });
  return describeSettings(e, settings);
}

/** Notes the last event handled and how it went (the integrations page's "last event"). */
function noteEvent(app, type, outcome) {
  settingsRecord.noteConnectionEvent(app, 'stripe_settings', {
    last_event_at: new DateTime().string(),
    last_event_type: String(type).slice(0, 100),
    last_outcome: String(outcome).slice(0, 60),
  });
}

module.exports = { stripeSettings, describeSettings, updateSettings, noteEvent };
