// The Zendesk source's settings (zendesk_settings, one record): read by the door and the answers, shown to admins
// without the secrets (that the signing secret and the sidebar app's token are set, the API token's last four
// characters), and changed by admins in one audited write (platform/connection-settings.js).
const settingsRecord = require(`${__hooks}/platform/connection-settings.js`);

/** The one settings record. */
function zendeskSettings(app) {
  return settingsRecord.connectionSettings(app, 'zendesk_settings');
}

/** What an admin sees: never the secrets themselves. */
function describeSettings(e, settings) {
  return {
    active: settings.getBool('active'),
    subdomain: settings.getString('subdomain'),
    agent_email: settings.getString('agent_email'),
    api_token: settingsRecord.maskedSecret(settings.getString('api_token')),
    signing_secret_set: settings.getString('signing_secret') !== '',
    app_token_set: settings.getString('app_token') !== '',
    capture_tag: settings.getString('capture_tag'),
    public_replies: settings.getBool('public_replies'),
    answer_customers: settings.getBool('answer_customers'),
    last_event_at: settings.getString('last_event_at'),
    // What the admin pastes into Zendesk's webhook: PocketBase's own public address answers it.
    webhook_url: `${settingsRecord.ownBase(e)}/api/chorus/zendesk/webhook`,
    // The sidebar app to upload to Zendesk as a private app (./app-package.js), made for this address.
    app_package_url: `${settingsRecord.ownBase(e)}/api/chorus/zendesk/app/package`,
  };
}

/**
 * POST …/settings { active?, subdomain?, agent_email?, api_token?, signing_secret?, app_token?, capture_tag?,
 * public_replies?, answer_customers? }: the fields given, checked.
 */
function updateSettings(e) {
  const settings = settingsRecord.updateConnectionSettings(e, {
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
      ['api_token', /^[A-Za-z0-9]{20,100}$/],
      ['signing_secret', /^[A-Za-z0-9+/=_-]{16,200}$/],
      // The sidebar app's token, pasted into the app's secure setting in Zendesk too (./app.js)
      ['app_token', /^[A-Za-z0-9_-]{32,200}$/],
    ],
  });
  return describeSettings(e, settings);
}

/** When the last ticket arrived, for the settings' answer: that one column (an admin may be saving the rest). */
function noteEvent(app) {
  settingsRecord.noteConnectionEvent(app, 'zendesk_settings', { last_event_at: new DateTime().string() });
}

module.exports = { zendeskSettings, describeSettings, updateSettings, noteEvent };
