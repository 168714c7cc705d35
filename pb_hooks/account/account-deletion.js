// Deleting an account, whoever asks (the member, or an admin on their request): refused while they are the
// last active admin; erased in one transaction (account/erasure.js) with the audit entry when an admin ran it;
// once committed, a confirmation email to the address they had (in their language) and a `member.deleted`
// webhook event carrying the tombstone's id only.
const { refusalText } = require(`${__hooks}/platform/refusals.js`);
const { recipientLocale, translator } = require(`${__hooks}/platform/i18n.js`);
const { escapeHtml, htmlEmail } = require(`${__hooks}/platform/email-layout.js`);
const { siteName } = require(`${__hooks}/platform/site-name.js`);

function confirmationEmail(app, address, locale) {
  const t = translator(locale, 'deleteAccount');
  const site = siteName(app);
  const body = t('emailBody', { site });
  return new MailerMessage({
    from: { address: app.settings().meta.senderAddress, name: site },
    to: [{ address }],
    subject: t('emailSubject', { site }),
    text: `${body}\n\n${t('emailNotYou')}\n`,
    html: htmlEmail(locale, `<p>${escapeHtml(body)}</p><p>${escapeHtml(t('emailNotYou'))}</p>`),
  });
}

/** Erases account `userId` for request `e`; `byAdmin` records the audit entry. Returns the tombstone's id. */
function deleteAccount(e, userId, byAdmin) {
  const { eraseMember, isErased, isLastAdmin } = require(`${__hooks}/account/erasure.js`);
  const user = e.app.findRecordById('users', userId);
  if (isErased(user)) throw new NotFoundError(refusalText('memberNotFound'));
  if (isLastAdmin(e.app, user)) throw new BadRequestError(refusalText('lastAdminCannotLeave'));
  const address = user.email();
  const locale = recipientLocale(e.app, user);
  const wasVerified = user.verified();
  e.app.runInTransaction((txApp) => {
    eraseMember(txApp, user);
    if (byAdmin) {
      const { recordAudit } = require(`${__hooks}/audit/audit.js`);
      // The label names no one: the person's name is what was erased.
      recordAudit(txApp, e, { action: 'member.delete', collection: 'users', id: user.id, label: user.id });
    }
  });
  if (address && wasVerified && e.app.settings().smtp.enabled) {
    try {
      e.app.newMailClient().send(confirmationEmail(e.app, address, locale));
    } catch (error) {
      e.app.logger().error('Emailing an account deletion notice failed', 'error', String(error));
    }
  }
  const { enqueue } = require(`${__hooks}/webhooks/queue.js`);
  const { buildEvent } = require(`${__hooks}/webhooks/payload.js`);
  enqueue(e.app, buildEvent('member.deleted', { member: { id: user.id } }));
  return user.id;
}

module.exports = { deleteAccount };
