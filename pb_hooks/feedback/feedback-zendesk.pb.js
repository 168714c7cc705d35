/// <reference path="../../pb_data/types.d.ts" />
// The Zendesk source of the staff feedback inbox (issue 58; pb_hooks/feedback/sources/zendesk/): the webhook a Zendesk
// trigger calls when a ticket gets the capture tag, verified with the webhook's signing secret, the ticket then read
// from Zendesk's API; the ticket sidebar app (./sources/zendesk/app.js, its package ./sources/zendesk/app/); and the
// settings admins give it (the API token, signing secret and app token written, never read back).
//
// POST /api/chorus/zendesk/webhook       Zendesk: { ticket_id, comment_id?, agent_id? }, signed
// GET  /api/chorus/zendesk/app/package   anyone (20 an hour per address): the sidebar app's zip for this Chorus (no secret)
// POST /api/chorus/zendesk/app/ideas { ticket_id, agent_id, query? }   the sidebar app through Zendesk's proxy
//      (Authorization: Bearer <app token>): the requester, the ideas they want, the ticket's suggestions, a search
// POST /api/chorus/zendesk/app/link { ticket_id, agent_id, idea }   the sidebar app: the ticket linked to the idea
// GET  /api/chorus/zendesk/settings      admins: the settings without the secrets, and the webhook URL
// POST /api/chorus/zendesk/settings { active?, subdomain?, agent_email?, api_token?, signing_secret?, app_token?,
//      capture_tag?, public_replies?, answer_customers? }   admins

const { ADMINS } = require(`${__hooks}/platform/route-guards.js`);

routerAdd('POST', '/api/chorus/zendesk/webhook', (e) =>
  require(`${__hooks}/feedback/sources/zendesk/receive.js`).receiveWebhook(e),
);

routerAdd(
  'GET',
  '/api/chorus/zendesk/settings',
  (e) => e.json(200, require(`${__hooks}/feedback/sources/zendesk/settings.js`).connection.describe(e)),
  ...ADMINS,
);
routerAdd(
  'POST',
  '/api/chorus/zendesk/settings',
  (e) => e.json(200, require(`${__hooks}/feedback/sources/zendesk/settings.js`).connection.update(e)),
  ...ADMINS,
);

routerAdd('GET', '/api/chorus/zendesk/app/package', (e) =>
  require(`${__hooks}/feedback/sources/zendesk/app-package.js`).appPackage(e),
);

routerAdd('POST', '/api/chorus/zendesk/app/ideas', (e) =>
  require(`${__hooks}/feedback/sources/zendesk/app.js`).sidebarIdeas(e),
);

routerAdd('POST', '/api/chorus/zendesk/app/link', (e) =>
  require(`${__hooks}/feedback/sources/zendesk/app.js`).linkTicket(e),
);
