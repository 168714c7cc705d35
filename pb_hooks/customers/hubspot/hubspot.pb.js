/// <reference path="../../../pb_data/types.d.ts" />
// Companies from HubSpot (issue 58; pb_hooks/customers/hubspot/): HubSpot's signed webhooks keep each company's
// domain, owner, lifecycle stage and revenue current, and admins give the private app's token and the app's client
// secret (written, never read back).
//
// POST /api/chorus/hubspot/webhook     HubSpot: company events, signed (X-HubSpot-Signature-v3)
// GET  /api/chorus/hubspot/settings    admins: the settings without the secrets, the target URL, the last event
// POST /api/chorus/hubspot/settings { active?, access_token?, client_secret? }   admins
// POST /api/chorus/hubspot/sync        admins: read every company from HubSpot now, as a job (202)

const { ADMINS } = require(`${__hooks}/platform/route-guards.js`);

routerAdd('POST', '/api/chorus/hubspot/webhook', (e) =>
  require(`${__hooks}/customers/hubspot/receive.js`).receiveWebhook(e),
);

routerAdd(
  'GET',
  '/api/chorus/hubspot/settings',
  (e) => e.json(200, require(`${__hooks}/customers/hubspot/settings.js`).connection.describe(e)),
  ...ADMINS,
);
routerAdd(
  'POST',
  '/api/chorus/hubspot/settings',
  (e) => e.json(200, require(`${__hooks}/customers/hubspot/settings.js`).connection.update(e)),
  ...ADMINS,
);

routerAdd(
  'POST',
  '/api/chorus/hubspot/sync',
  (e) => e.json(202, require(`${__hooks}/customers/hubspot/full-sync.js`).requestSync(e)),
  ...ADMINS,
);

// The full sync runs beside the request that asked for it (woken at once), or at the next minute.
cronAdd(require(`${__hooks}/platform/contract/hook-hand-offs.js`).HUBSPOT_SYNC_JOB, '* * * * *', () => {
  require(`${__hooks}/customers/hubspot/full-sync.js`).runRequestedSync($app);
});
