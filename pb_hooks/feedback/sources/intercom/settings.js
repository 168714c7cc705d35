// The Intercom source's settings (intercom_settings, one record): read by the door and the answers, shown to admins
// without the secrets (that the client secret is set, the access token's last four characters), and changed by
// admins in one audited write (platform/connection-settings.js).
const settingsRecord = require(`${__hooks}/platform/connection-settings.js`);

/** The one settings record. */
function intercomSettings(app) {
  return settingsRecord.connectionSettings(app, 'intercom_settings');
}

/** What an admin sees: never the secrets themselves. */
function describeSettings(e, settings) {
  return {
    active: settings.getBool('active'),
    region: settings.getString('region'),
    workspace_id: settings.getString('workspace_id'),
    admin_id: settings.getString('admin_id'),
    access_token: settingsRecord.maskedSecret(settings.getString('access_token')),
    client_secret_set: settings.getString('client_secret') !== '',
    capture_tag: settings.getString('capture_tag'),
    public_replies: settings.getBool('public_replies'),
    answer_customers: settings.getBool('answer_customers'),
    last_event_at: settings.getString('last_event_at'),
    // What the admin pastes into the Intercom app's webhooks: PocketBase's own public address answers it.
    webhook_url: `${settingsRecord.ownBase(e)}/api/chorus/intercom/webhook`,
    // The inbox app's two addresses (Canvas Kit's Initialize and Submit URLs in the Developer Hub).
    canvas_initialize_url: `${settingsRecord.ownBase(e)}/api/chorus/intercom/canvas/initialize`,
    canvas_submit_url: `${settingsRecord.ownBase(e)}/api/chorus/intercom/canvas/submit`,
  };
}

/**
 * POST …/settings { active?, region?, workspace_id?, admin_id?, access_token?, client_secret?, capture_tag?,
 * public_replies?, answer_customers? }: the fields given, checked.
 */
function updateSettings(e) {
  const settings = settingsRecord.updateConnectionSettings(e, {
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
      ['access_token', /^[A-Za-z0-9+/=_:.-]{20,300}$/],
      ['client_secret', /^[A-Za-z0-9_-]{16,200}$/],
    ],
  });
  return describeSettings(e, settings);
}

/** When the last conversation arrived, for the settings' answer: that one column (an admin may be saving the rest). */
function noteEvent(app) {
  settingsRecord.noteConnectionEvent(app, 'intercom_settings', { last_event_at: new DateTime().string() });
}

module.exports = { intercomSettings, describeSettings, updateSettings, noteEvent };
