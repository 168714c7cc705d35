/// <reference path="../../pb_data/types.d.ts" />
// The Zendesk source of the staff feedback inbox (issue 58; pb_hooks/feedback/sources/zendesk/): the webhook a Zendesk
// trigger calls when a ticket gets the capture tag, verified with the webhook's signing secret, the ticket then read
// from Zendesk's API; and the settings admins give it (the API token and signing secret written, never read back).
//
// POST /api/chorus/zendesk/webhook       Zendesk: { ticket_id, comment_id?, agent_id? }, signed
// GET  /api/chorus/zendesk/settings      admins: the settings without the secrets, and the webhook URL
// POST /api/chorus/zendesk/settings { active?, subdomain?, agent_email?, api_token?, signing_secret?, capture_tag?,
//      public_replies?, answer_customers? }   admins

routerAdd('POST', '/api/chorus/zendesk/webhook', (e) =>
  require(`${__hooks}/feedback/sources/zendesk/receive.js`).receiveWebhook(e),
);

routerAdd(
  'GET',
  '/api/chorus/zendesk/settings',
  (e) => {
    const { zendeskSettings, describeSettings } = require(`${__hooks}/feedback/sources/zendesk/settings.js`);
    return e.json(200, describeSettings(e, zendeskSettings(e.app)));
  },
  ...require(`${__hooks}/platform/route-guards.js`).ADMINS,
);

routerAdd(
  'POST',
  '/api/chorus/zendesk/settings',
  (e) => e.json(200, require(`${__hooks}/feedback/sources/zendesk/settings.js`).updateSettings(e)),
  ...require(`${__hooks}/platform/route-guards.js`).ADMINS,
);
