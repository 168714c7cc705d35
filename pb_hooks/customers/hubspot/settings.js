// HubSpot's settings (hubspot_settings, one record): read by the webhook door, shown to admins without the secrets
// (that each is set, the token's region prefix and last four characters), and changed by admins in one audited write.
const { connectionOf } = require(`${__hooks}/platform/connection-settings.js`);

const connection = connectionOf({
  collection: 'hubspot_settings',
  label: 'HubSpot',
  action: 'hubspot.settings',
  switches: ['active'],
  secrets: [
    // A private app's access token: pat-<region>-<uuid> (pat-na1-…, pat-eu1-…).
    ['access_token', /^pat-[a-z0-9]{2,10}-[A-Za-z0-9-]{20,200}$/, 'masked', 8],
    // The app's client secret (a UUID), which signs its webhooks.
    ['client_secret', /^[A-Za-z0-9-]{20,100}$/, 'set'],
  ],
  // The last event handled and how it went (the integrations page's "last event"), and the last full sync.
  shown: ['last_event_at', 'last_event_type', 'last_outcome', 'sync_at', 'sync_outcome'],
  flags: { sync_requested: 'sync_requested_at' },
  events: 'typed',
  // What the operator pastes into the app's webhook settings (Target URL).
  addresses: { webhook_url: '/api/chorus/hubspot/webhook' },
});

module.exports = { connection, hubspotSettings: connection.settings, noteEvent: connection.noteEvent };
