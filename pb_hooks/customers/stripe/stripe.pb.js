/// <reference path="../../../pb_data/types.d.ts" />
// Revenue from Stripe (issue 58; pb_hooks/customers/stripe/): Stripe's signed webhooks keep each company's monthly
// revenue current, and admins give the secret key and the endpoint's signing secret (written, never read back).
//
// POST /api/chorus/stripe/webhook     Stripe: an event, signed (Stripe-Signature)
// GET  /api/chorus/stripe/settings    admins: the settings without the secrets, the endpoint URL, the last event
// POST /api/chorus/stripe/settings { active?, secret_key?, webhook_secret? }   admins

const { ADMINS } = require(`${__hooks}/platform/route-guards.js`);

routerAdd('POST', '/api/chorus/stripe/webhook', (e) =>
  require(`${__hooks}/customers/stripe/receive.js`).receiveWebhook(e),
);

routerAdd(
  'GET',
  '/api/chorus/stripe/settings',
  (e) => e.json(200, require(`${__hooks}/customers/stripe/settings.js`).connection.describe(e)),
  ...ADMINS,
);
routerAdd(
  'POST',
  '/api/chorus/stripe/settings',
  (e) => e.json(200, require(`${__hooks}/customers/stripe/settings.js`).connection.update(e)),
  ...ADMINS,
);
