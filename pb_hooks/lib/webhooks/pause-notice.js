// Tells the admins that an endpoint was paused after repeated failures: an email to every active admin
// (when SMTP is configured) and an entry in PocketBase's logs. The admin page shows the paused state.
function notifyAdminsOfPause(app, endpoint, outcome) {
  const reason = outcome.code ? `HTTP ${outcome.code}` : outcome.error || 'no answer';
  app.logger().warn('Webhook endpoint paused', 'webhook', endpoint.id, 'reason', reason);
  if (!app.settings().smtp.enabled) return;
  const meta = app.settings().meta;
  const base = meta.appURL.replace(/\/+$/, '');
  const name = endpoint.getString('name');
  const admins = app.findRecordsByFilter('users', "role = 'admin' && blocked = false", '', 0, 0);
  for (const admin of admins) {
    if (!admin.email()) continue;
    try {
      app.newMailClient().send(
        new MailerMessage({
          from: { address: meta.senderAddress, name: meta.senderName },
          to: [{ address: admin.email(), name: admin.getString('name') }],
          subject: `Webhook “${name}” was paused`,
          text:
            `Deliveries to the webhook “${name}” (${endpoint.getString('url')}) kept failing (last: ${reason}), ` +
            `so Chorus paused it. Queued deliveries wait until you resume it.\n\nManage webhooks: ${base}/admin/webhooks\n`,
        }),
      );
    } catch (error) {
      app.logger().error('Emailing a webhook pause notice failed', 'error', String(error));
    }
  }
}

module.exports = { notifyAdminsOfPause };
