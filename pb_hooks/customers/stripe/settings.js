// Stripe's settings (stripe_settings, one record): read by the webhook door, shown to admins without the secrets
// (that each is set, the key's mode and last four characters), and changed by admins in one audited write.
const { recordAudit } = require(`${__hooks}/audit/audit.js`);

// A secret key or, better, a restricted key (read-only): sk_live_…, sk_test_…, rk_live_…, rk_test_….
const SECRET_KEY = /^(sk|rk)_(live|test)_[A-Za-z0-9]{10,250}$/;
const WEBHOOK_SECRET = /^whsec_[A-Za-z0-9+/=]{10,250}$/;

/** The one settings record. */
function stripeSettings(app) {
  return app.findFirstRecordByFilter('stripe_settings', '');
}

/** PocketBase's own address as the request reached it (Stripe calls PocketBase directly, not the site). */
function ownBase(e) {
  const forwarded = String(e.request.header.get('X-Forwarded-Proto') || '')
    .split(',')[0]
    .trim();
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : e.request.tls ? 'https' : 'http';
  return `${scheme}://${e.request.host}`;
}

/** What an admin sees: never the secrets themselves. */
function describeSettings(e, settings) {
  const key = settings.getString('secret_key');
  return {
    active: settings.getBool('active'),
    secret_key: key ? `${key.slice(0, 8)}…${key.slice(-4)}` : '',
    webhook_secret_set: settings.getString('webhook_secret') !== '',
    last_event_at: settings.getString('last_event_at'),
    last_event_type: settings.getString('last_event_type'),
    last_outcome: settings.getString('last_outcome'),
    // What the operator pastes into Stripe's dashboard (Developers → Webhooks → Add endpoint).
    webhook_url: `${ownBase(e)}/api/chorus/stripe/webhook`,
  };
}

const invalid = (field) =>
  new BadRequestError('', { [field]: new ValidationError('validation_invalid_value', 'Invalid value.') });

/** POST …/settings { active?, secret_key?, webhook_secret? }: the fields given, checked. */
function updateSettings(e) {
  const body = e.requestInfo().body;
  const settings = stripeSettings(e.app);
  const changed = [];
  if (body.active !== undefined && body.active !== null) {
    settings.set('active', body.active === true);
    changed.push('active');
  }
  for (const [field, pattern] of [
    ['secret_key', SECRET_KEY],
    ['webhook_secret', WEBHOOK_SECRET],
  ]) {
    if (body[field] === undefined || body[field] === null || body[field] === '') continue;
    const value = String(body[field]).trim();
    if (!pattern.test(value)) throw invalid(field);
    settings.set(field, value);
    changed.push(field);
  }
  e.app.runInTransaction((txApp) => {
    txApp.save(settings);
    recordAudit(txApp, e, {
      action: 'stripe.settings',
      collection: 'stripe_settings',
      id: settings.id,
      label: 'Stripe',
      after: { changed },
    });
  });
  return describeSettings(e, settings);
}

/** Notes the last event handled and how it went (the integrations page's "last event"). */
function noteEvent(app, type, outcome) {
  const settings = stripeSettings(app);
  settings.set('last_event_at', new DateTime());
  settings.set('last_event_type', String(type).slice(0, 100));
  settings.set('last_outcome', String(outcome).slice(0, 60));
  app.save(settings);
}

module.exports = { stripeSettings, describeSettings, updateSettings, noteEvent };
