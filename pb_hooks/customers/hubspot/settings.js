// HubSpot's settings (hubspot_settings, one record): read by the webhook door, shown to admins without the secrets
// (that each is set, the token's region prefix and last four characters), and changed by admins in one audited write.
const { recordAudit } = require(`${__hooks}/audit/audit.js`);

// A private app's access token: pat-<region>-<uuid> (pat-na1-…, pat-eu1-…).
const ACCESS_TOKEN = /^pat-[a-z0-9]{2,10}-[A-Za-z0-9-]{20,200}$/;
// The app's client secret (a UUID), which signs its webhooks.
const CLIENT_SECRET = /^[A-Za-z0-9-]{20,100}$/;

/** The one settings record. */
function hubspotSettings(app) {
  return app.findFirstRecordByFilter('hubspot_settings', '');
}

/** PocketBase's own address as the request reached it (HubSpot calls PocketBase directly, not the site). */
function ownBase(e) {
  const forwarded = String(e.request.header.get('X-Forwarded-Proto') || '')
    .split(',')[0]
    .trim();
  const scheme = forwarded === 'https' || forwarded === 'http' ? forwarded : e.request.tls ? 'https' : 'http';
  return `${scheme}://${e.request.host}`;
}

/** What an admin sees: never the secrets themselves. */
function describeSettings(e, settings) {
  const token = settings.getString('access_token');
  return {
    active: settings.getBool('active'),
    access_token: token ? `${token.slice(0, 8)}…${token.slice(-4)}` : '',
    client_secret_set: settings.getString('client_secret') !== '',
    last_event_at: settings.getString('last_event_at'),
    last_event_type: settings.getString('last_event_type'),
    last_outcome: settings.getString('last_outcome'),
    sync_requested: settings.getString('sync_requested_at') !== '',
    sync_at: settings.getString('sync_at'),
    sync_outcome: settings.getString('sync_outcome'),
    // What the operator pastes into the app's webhook settings (Target URL).
    webhook_url: `${ownBase(e)}/api/chorus/hubspot/webhook`,
  };
}

const invalid = (field) =>
  new BadRequestError('', { [field]: new ValidationError('validation_invalid_value', 'Invalid value.') });

/** POST …/settings { active?, access_token?, client_secret? }: the fields given, checked. */
function updateSettings(e) {
  const body = e.requestInfo().body;
  const settings = hubspotSettings(e.app);
  const changed = [];
  if (body.active !== undefined && body.active !== null) {
    settings.set('active', body.active === true);
    changed.push('active');
  }
  for (const [field, pattern] of [
    ['access_token', ACCESS_TOKEN],
    ['client_secret', CLIENT_SECRET],
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
      action: 'hubspot.settings',
      collection: 'hubspot_settings',
      id: settings.id,
      label: 'HubSpot',
      after: { changed },
    });
  });
  return describeSettings(e, settings);
}

/** Notes the last event handled and how it went (the integrations page's "last event"). */
function noteEvent(app, type, outcome) {
  const settings = hubspotSettings(app);
  settings.set('last_event_at', new DateTime());
  settings.set('last_event_type', String(type).slice(0, 100));
  settings.set('last_outcome', String(outcome).slice(0, 60));
  app.save(settings);
}

module.exports = { hubspotSettings, describeSettings, updateSettings, noteEvent, ownBase };
