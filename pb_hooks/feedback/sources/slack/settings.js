// The Slack source's settings (slack_settings, one record): read by the door, shown to admins without the secrets
// (that one is set, and the bot token's last four characters), and changed by admins in one audited write.
const settingsRecord = require(`${__hooks}/platform/connection-settings.js`);

const CHANNEL = /^$|^[CG][A-Z0-9]{2,19}$/;
const TEAM = /^$|^[TE][A-Z0-9]{2,19}$/;

/** The one settings record. */
function slackSettings(app) {
  return settingsRecord.connectionSettings(app, 'slack_settings');
}

/** What an admin sees: never the secrets themselves. */
function describeSettings(e, settings) {
  const base = settingsRecord.ownBase(e);
  return {
    active: settings.getBool('active'),
    answer_customers: settings.getBool('answer_customers'),
    team_id: settings.getString('team_id'),
    channel: settings.getString('channel'),
    signing_secret_set: settings.getString('signing_secret') !== '',
    bot_token: settingsRecord.maskedSecret(settings.getString('bot_token')),
    last_event_at: settings.getString('last_event_at'),
    // What the operator pastes into the Slack app's settings: PocketBase's own public address answers them.
    interactivity_url: `${base}/api/chorus/slack/interactivity`,
    events_url: `${base}/api/chorus/slack/events`,
  };
}

/** POST …/settings { active?, answer_customers?, team_id?, channel?, signing_secret?, bot_token? }: the fields given, checked. */
function updateSettings(e) {
  const settings = settingsRecord.updateConnectionSettings(e, {
    collection: 'slack_settings',
    label: 'Slack',
    action: 'slack.settings',
    switches: ['active', 'answer_customers'],
    texts: [
      ['team_id', TEAM],
      ['channel', CHANNEL],
    ],
    secrets: [
      ['signing_secret', /^[a-f0-9]{16,200}$/],
      ['bot_token', /^xoxb-[A-Za-z0-9-]{10,290}$/],
    ],
  });
  return describeSettings(e, settings);
}

/** When the last message arrived, for the settings' answer: that one column (an admin may be saving the rest). */
function noteEvent(app) {
  settingsRecord.noteConnectionEvent(app, 'slack_settings', { last_event_at: new DateTime().string() });
}

module.exports = { slackSettings, describeSettings, updateSettings, noteEvent };
