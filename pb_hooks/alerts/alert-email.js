// The email an alert sends each of its staff recipients, in their language: which rule fired for which
// idea, the value that crossed the line, and a link to the idea. Staff-only words (a revenue figure), so
// it goes to staff only (alerts/alerts.js checks each recipient when sending). One-click unsubscribe takes the
// recipient off that rule.
const { recipientLocale, translator } = require(`${__hooks}/platform/i18n.js`);
const { escapeHtml, htmlEmail, baseUrl } = require(`${__hooks}/platform/email-layout.js`);
const { siteName } = require(`${__hooks}/platform/site-name.js`);

// i18n-keys: alerts.emailLine_*
function alertEmail(app, user, rule, post, value) {
  const locale = recipientLocale(app, user);
  const t = translator(locale, 'alerts');
  const metric = rule.getString('metric');
  const values = {
    rule: rule.getString('name'),
    idea: post.getString('title'),
    value,
    threshold: rule.getFloat('threshold'),
  };
  const subject = t('emailSubject', values);
  const line = t(`emailLine_${metric}`, values);
  const link = `${baseUrl(app)}/p/${post.id}`;
  const name = siteName(app);
  const { createUnsubscribeToken, ALERT } = require(`${__hooks}/notifications/unsubscribe.js`);
  const { oneClickUrl } = require(`${__hooks}/notifications/email.js`);
  const { listUnsubscribeHeaders } = require(`${__hooks}/notifications/list-unsubscribe.js`);
  const token = encodeURIComponent(createUnsubscribeToken(user, ALERT, rule.id));
  return new MailerMessage({
    from: { address: app.settings().meta.senderAddress, name },
    to: [{ address: user.email(), name: user.getString('name') }],
    subject,
    text: `${line}\n\n${t('emailOpen', { link })}\n`,
    html: htmlEmail(
      locale,
      `<p>${escapeHtml(line)}</p><p><a href="${escapeHtml(link)}">${escapeHtml(t('emailOpenIdea'))}</a></p>`,
    ),
    headers: listUnsubscribeHeaders(oneClickUrl(baseUrl(app), token)),
  });
}

module.exports = { alertEmail };
