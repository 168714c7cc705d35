// The Intercom source's settings (intercom_settings, one record): read by the door and the answers, shown to admins
// without the secrets (that the client secret is set, the access token's last four characters), and changed by
// admins in one audited write (platform/connection-settings.js).
const { connectionOf } = require(`${__hooks}/platform/connection-settings.js`);

const connection = connectionOf({
  collection: 'intercom_settings',
  label: 'Intercom',
  action: 'intercom.settings',
  switches: ['active', 'public_replies', 'answer_customers'],
  texts: [
    ['region', /^(|eu|au)$/],
    ['workspace_id', /^$|^[a-z0-9]{4,20}$/],
    ['admin_id', /^$|^\d{1,20}$/],
    ['capture_tag', /^[A-Za-z0-9_/.:-][A-Za-z0-9 _/.:-]{0,79}$/],
  ],
  secrets: [
    ['access_token', /^[A-Za-z0-9+/=_:.-]{20,300}$/, 'masked'],
    ['client_secret', /^[A-Za-z0-9_-]{16,200}$/, 'set'],
  ],
  shown: ['last_event_at'],
  // What answering customers (feedback/answers/) needs set beside its switch.
  answersNeed: ['access_token', 'admin_id'],
  addresses: {
    // What the admin pastes into the Intercom app's webhooks: PocketBase's own public address answers it.
    webhook_url: '/api/chorus/intercom/webhook',
    // The inbox app's two addresses (Canvas Kit's Initialize and Submit URLs in the Developer Hub).
    canvas_initialize_url: '/api/chorus/intercom/canvas/initialize',
    canvas_submit_url: '/api/chorus/intercom/canvas/submit',
  },
});

module.exports = { connection, intercomSettings: connection.settings, noteEvent: connection.noteEvent };
