/// <reference path="../../pb_data/types.d.ts" />
// The Slack source of the staff feedback inbox (issue 58; pb_hooks/feedback/sources/slack/): the Slack app's
// Interactivity request URL (a "Send to feedback" message shortcut, the Link buttons of its answers) and its Events
// API request URL (every new message of one channel), both verified with the app's signing secret; and the
// settings admins give it (the signing secret and bot token written, never read back).
//
// POST /api/chorus/slack/interactivity   Slack: form-encoded `payload` (message_action, block_actions)
// POST /api/chorus/slack/events          Slack: url_verification, event_callback (message)
// GET  /api/chorus/slack/settings        admins: the settings without the secrets, and the request URLs
// POST /api/chorus/slack/settings { active?, answer_customers?, team_id?, channel?, signing_secret?, bot_token? }   admins

const { ADMINS } = require(`${__hooks}/platform/route-guards.js`);

routerAdd('POST', '/api/chorus/slack/interactivity', (e) =>
  require(`${__hooks}/feedback/sources/slack/receive.js`).receiveInteraction(e),
);

routerAdd('POST', '/api/chorus/slack/events', (e) =>
  require(`${__hooks}/feedback/sources/slack/receive.js`).receiveEvent(e),
);

routerAdd(
  'GET',
  '/api/chorus/slack/settings',
  (e) => e.json(200, require(`${__hooks}/feedback/sources/slack/settings.js`).connection.describe(e)),
  ...ADMINS,
);
routerAdd(
  'POST',
  '/api/chorus/slack/settings',
  (e) => e.json(200, require(`${__hooks}/feedback/sources/slack/settings.js`).connection.update(e)),
  ...ADMINS,
);
