/// <reference path="../../pb_data/types.d.ts" />
// The Intercom source of the staff feedback inbox (issue 58; pb_hooks/feedback/sources/intercom/): the webhook an
// Intercom app's subscription calls when a conversation is tagged, verified with the app's client secret
// (X-Hub-Signature), the conversation then read from Intercom's API; and the settings admins give it (the access
// token and client secret written, never read back).
//
// POST /api/chorus/intercom/webhook       Intercom: a notification { type, id, topic, created_at, data: { item } }, signed
// HEAD /api/chorus/intercom/webhook       Intercom: checks the address when the webhook is saved (200, on or off: an
//                                          admin saves it in Intercom before switching the source on)
// POST /api/chorus/intercom/canvas/initialize   Intercom: the inbox app opened beside a conversation (Canvas Kit,
//                                          ./sources/intercom/canvas.js), signed (X-Body-Signature)
// POST /api/chorus/intercom/canvas/submit       Intercom: a click in the inbox app (search, or Link an idea), signed
// GET  /api/chorus/intercom/settings      admins: the settings without the secrets, and the webhook URL
// POST /api/chorus/intercom/settings { active?, region?, workspace_id?, admin_id?, access_token?, client_secret?,
//      capture_tag?, public_replies?, answer_customers? }   admins

const { ADMINS } = require(`${__hooks}/platform/route-guards.js`);

routerAdd('POST', '/api/chorus/intercom/webhook', (e) =>
  require(`${__hooks}/feedback/sources/intercom/receive.js`).receiveWebhook(e),
);

routerAdd('HEAD', '/api/chorus/intercom/webhook', (e) => e.noContent(200));

routerAdd('POST', '/api/chorus/intercom/canvas/initialize', (e) =>
  require(`${__hooks}/feedback/sources/intercom/canvas.js`).initializeCanvas(e),
);

routerAdd('POST', '/api/chorus/intercom/canvas/submit', (e) =>
  require(`${__hooks}/feedback/sources/intercom/canvas.js`).submitCanvas(e),
);

routerAdd(
  'GET',
  '/api/chorus/intercom/settings',
  (e) => e.json(200, require(`${__hooks}/feedback/sources/intercom/settings.js`).connection.describe(e)),
  ...ADMINS,
);
routerAdd(
  'POST',
  '/api/chorus/intercom/settings',
  (e) => e.json(200, require(`${__hooks}/feedback/sources/intercom/settings.js`).connection.update(e)),
  ...ADMINS,
);
