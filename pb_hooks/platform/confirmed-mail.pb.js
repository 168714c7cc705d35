/// <reference path="../../pb_data/types.d.ts" />
// No email goes to an unconfirmed address but the ones that confirm it (platform/confirmed-mail.js): whatever
// Chorus or PocketBase sends passes this one hook, which drops such recipients and sends nothing when none is left.
onMailerSend((e) => {
  const { withoutUnconfirmedRecipients } = require(`${__hooks}/platform/confirmed-mail.js`);
  if (withoutUnconfirmedRecipients(e.app, e.message)) e.next();
});
