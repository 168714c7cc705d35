// HubSpot's settings (hubspot_settings, one record): read by the webhook door, shown to admins without the secrets
// (that each is set, the token's region prefix and last four characters), and changed by admins in one audited write.
const settingsRecord = require(`${__hooks}/platform/connection-settings.js`);

// A private app's access token: pat-<region>-<uuid> (pat-na1-…, pat-eu1-…).
const ACCESS_TOKEN = /^pat-[a-z0-9]{2,10}-[A-Za-z0-9-]{20,200}$/;
// The app's client secret (a UUID), which signs its webhooks.
const CLIENT_SECRET = /^[A-Za-z0-9-]{20,100}$/;

/** The one settings record. */
function hubspotSettings(app) {
  return settingsRecord.connectionSettings(app, 'hubspot_settings');
}

/** What an admin sees: never the secrets themselves. */
function describeSettings(e, settings) {
  return {
    active: settings.getBool('active'),
    access_token: settingsRecord.maskedSecret(settings.getString('access_token'), 8),
    client_secret_set: settings.getString('client_secret') !== '',
    last_event_at: settings.getString('last_event_at'),
    last_event_type: settings.getString('last_event_type'),
    last_outcome: settings.getString('last_outcome'),
    sync_requested: settings.getString('sync_requested_at') !== '',
    sync_at: settings.getString('sync_at'),
    sync_outcome: settings.getString('sync_outcome'),
    // What the operator pastes into the app's webhook settings (Target URL).
    webhook_url: `${settingsRecord.ownBase(e)}/api/chorus/hubspot/webhook`,
  };
}

/** POST …/settings { active?, access_token?, client_secret? }: the fields given, checked. */
function updateSettings(e) {
  const settings = settingsRecord.updateConnectionSettings(e, {
    collection: 'hubspot_settings',
    label: 'HubSpot',
    action: 'hubspot.settings',
    switches: ['active'],
    secrets: [
      ['access_token', ACCESS_TOKEN],
      ['client_secret', CLIENT_SECRET],
    ],
  });
  return describeSettings(e, settings);
}

/** Notes the last event handled and how it went (the integrations page's "last event"). */
function noteEvent(app, type, outcome) {
  settingsRecord.noteConnectionEvent(app, 'hubspot_settings', {
    last_event_at: new DateTime().string(),
    last_event_type: String(type).slice(0, 100),
    last_outcome: String(outcome).slice(0, 60),
  });
}

module.exports = { hubspotSettings, describeSettings, updateSettings, noteEvent, ownBase: settingsRecord.ownBase };
