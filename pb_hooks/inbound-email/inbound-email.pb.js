/// <reference path="../../pb_data/types.d.ts" />
// Ideas by email (issue #39): the site's Worker (Cloudflare Email Routing) or locally the SMTP listener hands
// each raw message over with an "email" site proof (pb_hooks/inbound-email/receive.js); staff read a board's
// inbound address. Notification emails carry each recipient's signed Reply-To (notifications/email.js).
//
// POST /api/chorus/inbound-email  { proof, raw }          the Worker: one message (base64), made into an idea or a comment
// GET  /api/chorus/inbound-email/addresses               staff: each board's address for new ideas ({} when off)
// GET  /api/chorus/inbound-email/waiting?token=            anyone with the link: what waits for its sender
// POST /api/chorus/inbound-email/confirm { token, turnstile_token }   the sender's link posts it (one door)

routerAdd(
  'POST',
  '/api/chorus/inbound-email',
  (e) => require(`${__hooks}/inbound-email/receive.js`).receiveInboundEmail(e),
  $apis.bodyLimit(require(`${__hooks}/platform/contract/inbound-email.js`).INBOUND_BODY_MAX_BYTES),
);

routerAdd(
  'GET',
  '/api/chorus/inbound-email/waiting',
  (e) => require(`${__hooks}/inbound-email/receive.js`).describeWaiting(e),
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

routerAdd(
  'POST',
  '/api/chorus/inbound-email/confirm',
  (e) => require(`${__hooks}/inbound-email/receive.js`).confirmWaiting(e),
  require(`${__hooks}/platform/refusals.js`).inRequestLanguage,
);

routerAdd(
  'GET',
  '/api/chorus/inbound-email/addresses',
  (e) => {
    const { boardAddress } = require(`${__hooks}/inbound-email/addresses.js`);
    const boards = {};
    for (const board of e.app.findRecordsByFilter('boards', '', 'position', 0, 0)) {
      const address = boardAddress(board.id);
      if (address) boards[board.id] = address;
    }
    return e.json(200, { boards });
  },
  ...require(`${__hooks}/platform/route-guards.js`).STAFF,
);

// Message-IDs already taken are kept 30 days: a sender's server gives up retrying long before.
cronAdd(require(`${__hooks}/platform/contract/hook-hand-offs.js`).INBOUND_MESSAGES_CLEANUP_JOB, '37 3 * * *', () => {
  const cutoff = require(`${__hooks}/platform/dates.js`).dateString(Date.now() - 30 * 24 * 3600 * 1000);
  $app.db().newQuery('DELETE FROM inbound_messages WHERE created < {:cutoff}').bind({ cutoff }).execute();
  require(`${__hooks}/inbound-email/pending.js`).dropExpired($app);
});
