// The Slack source's settings (slack_settings, one record): read by the door, shown to admins without the secrets
// (that one is set, and the bot token's last four characters), and changed by admins in one audited write.
const { connectionOf } = require(`${__hooks}/platform/connection-settings.js`);

const connection = connectionOf({
  collection: 'slack_settings',
  label: 'Slack',
  action: 'slack.settings',
  switches: ['active', 'answer_customers'],
  texts: [
    ['team_id', /^$|^[TE][A-Z0-9]{2,19}$/],
    ['channel', /^$|^[CG][A-Z0-9]{2,19}$/],
  ],
  secrets: [
    ['signing_secret', /^[a-f0-9]{16,200}$/, 'set'],
    ['bot_token', /^xoxb-[A-Za-z0-9-]{10,290}$/, 'masked'],
  ],
  shown: ['last_event_at'],
  // What answering customers (feedback/answers/) needs set beside its switch.
  answersNeed: ['bot_token'],
  // What the operator pastes into the Slack app's settings: PocketBase's own public address answers them.
  addresses: { interactivity_url: '/api/chorus/slack/interactivity', events_url: '/api/chorus/slack/events' },
});

module.exports = { connection, slackSettings: connection.settings, noteEvent: connection.noteEvent };
