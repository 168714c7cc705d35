/// <reference path="../pb_data/types.d.ts" />
// Emails a notification to its member once the write that made it has committed (after-success
// hooks inside a transaction wait for the commit), so a rolled-back write sends nothing.
// Without SMTP configured nothing is sent. A failed send is logged, never surfaced to the writer.
onRecordAfterCreateSuccess((e) => {
  e.next();
  if (!e.app.settings().smtp.enabled) return;
  const { buildNotificationEmail } = require(`${__hooks}/lib/notifications/email.js`);
  try {
    const message = buildNotificationEmail(e.app, e.record);
    if (message) e.app.newMailClient().send(message);
  } catch (error) {
    e.app.logger().error('Sending a notification email failed', 'notification', e.record.id, 'error', String(error));
  }
}, 'notifications');
