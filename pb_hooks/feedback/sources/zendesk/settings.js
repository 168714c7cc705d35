// The Zendesk source's settings (zendesk_settings, one record): read by the door and the answers, shown to admins
// without the secrets (that the signing secret and the sidebar app's token are set, the API token's last four
// characters), and changed by admins in one audited write (platform/connection-settings.js).
const { connectionOf } = require(`${__hooks}/platform/connection-settings.js`);

const connection = connectionOf({
  collection: 'zendesk_settings',
  label: 'Zendesk',
  action: 'zendesk.settings',
  switches: ['active', 'public_replies', 'answer_customers'],
  texts: [
    ['subdomain', /^$|^[a-z0-9][a-z0-9-]{0,62}$/],
    ['agent_email', /^$|^[A-Za-z0-9._%+-]{1,64}@[A-Za-z0-9.-]{1,180}\.[A-Za-z]{2,24}$/],
    ['capture_tag', /^[a-z0-9_/-]{1,80}$/],
  ],
  secrets: [
    ['api_token', /^[A-Za-z0-9]{20,100}$/, 'masked'],
    ['signing_secret', /^[A-Za-z0-9+/=_-]{16,200}$/, 'set'],
    // The sidebar app's token, pasted into the app's secure setting in Zendesk too (./app.js)
    ['app_token', /^[A-Za-z0-9_-]{32,200}$/, 'set'],
  ],
  shown: ['last_event_at'],
  // What answering customers (feedback/answers/) needs set beside its switch.
  answersNeed: ['api_token', 'agent_email'],
  addresses: {
    // What the admin pastes into Zendesk's webhook: PocketBase's own public address answers it.
    webhook_url: '/api/chorus/zendesk/webhook',
    // The sidebar app to upload to Zendesk as a private app (./app-package.js), made for this address.
    app_package_url: '/api/chorus/zendesk/app/package',
  },
});

module.exports = { connection, zendeskSettings: connection.settings, noteEvent: connection.noteEvent };
