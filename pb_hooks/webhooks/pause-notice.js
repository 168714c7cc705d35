// Tells the admins that an endpoint was paused after repeated failures: an email to every active admin
// (when SMTP is configured), each in their own language, and an entry in PocketBase's logs. The admin page
// shows the paused state.
const { recipientLocale, translator } = require(`${__hooks}/platform/i18n.js`);
const { escapeHtml, htmlEmail, baseUrl } = require(`${__hooks}/platform/email-layout.js`);
const { siteName } = require(`${__hooks}/platform/site-name.js`);
const { isOutboundReason } = require(`${__hooks}/platform/contract/outbound-reasons.js`);

function pauseEmail(app, admin, endpoint, outcome) {
  const locale = recipientLocale(app, admin);
  const t = translator(locale, 'emailWebhookPaused');
  // The last attempt's HTTP status, or its fixed reason (src/contract/outbound-reasons.ts) in the admin's language.
  // i18n-keys: adminWebhooks.reason_*
  const reason = outcome.code
    ? t('httpStatus', { code: String(outcome.code) })
    : isOutboundReason(outcome.error)
      ? translator(locale, 'adminWebhooks')(`reason_${outcome.error}`)
      : t('noAnswer');
  const name = endpoint.getString('name');
  const site = siteName(app);
  const link = `${baseUrl(app)}/admin/webhooks`;
  const body = t('body', { name, url: endpoint.getString('url'), reason, site });
  return new MailerMessage({
    from: { address: app.settings().meta.senderAddress, name: site },
    to: [{ address: admin.email(), name: admin.getString('name') }],
    subject: t('subject', { name }),
    text: `${body}\n\n${t('manageLink', { link })}\n`,
    html: htmlEmail(
      locale,
      `<p>${escapeHtml(body)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t('manage'))}</a></p>`,
    ),
  });
}

function notifyAdminsOfPause(app, endpoint, outcome) {
  const reason = outcome.code ? `HTTP ${outcome.code}` : outcome.error || 'no answer';
  app.logger().warn('Webhook endpoint paused', 'webhook', endpoint.id, 'reason', reason);
  if (!app.settings().smtp.enabled) return;
  const admins = app.findRecordsByFilter('users', "role = 'admin' && blocked = false", '', 0, 0);
  for (const admin of admins) {
    if (!admin.email()) continue;
    try {
      app.newMailClient().send(pauseEmail(app, admin, endpoint, outcome));
    } catch (error) {
      app.logger().error('Emailing a webhook pause notice failed', 'error', String(error));
    }
  }
}

module.exports = { notifyAdminsOfPause };
