// Inbound emails waiting for their sender (issue 55): a message Chorus cannot attribute (not authenticated for
// its From address), or one that would make an account where the site asks for Turnstile, posts nothing; its
// From address is mailed a one-time link ("Did you send this? Post it", the site's /email/confirm page) and
// only that link, opened by whoever reads that mailbox, posts it. A forged message therefore reaches its
// victim's inbox at most as a question, a few times a day per address (platform/limits.js 'inbound-confirm').
const { recipientLocale, translator } = require(`${__hooks}/platform/i18n.js`);
const { escapeHtml, htmlEmail, baseUrl } = require(`${__hooks}/platform/email-layout.js`);
const { siteName } = require(`${__hooks}/platform/site-name.js`);
const { firstRecordOrNull } = require(`${__hooks}/platform/records.js`);

const WAIT_DAYS = 7;
const CONFIRM_PATH = '/email/confirm?token=';

const hashOf = (token) => $security.sha256(String(token || ''));

/** Whether a message with this Message-ID and address already waits for its sender. */
const alreadyWaiting = (app, seen) =>
  Boolean(seen) && firstRecordOrNull(app, 'inbound_pending', 'seen = {:seen}', { seen }) !== null;

/** The link's email (a MailerMessage's fields, kept in the queue until it is sent). */
function confirmationEmail(app, sender, member, token, what) {
  const locale = member ? recipientLocale(app, member) : 'en';
  const t = translator(locale, 'emailAuth');
  const site = siteName(app);
  const url = `${baseUrl(app)}${CONFIRM_PATH}${encodeURIComponent(token)}`;
  const lines = [t('hello'), t('inboundConfirmIntro', { site, what })];
  const ignore = t('inboundConfirmIgnore');
  return {
    from: { address: app.settings().meta.senderAddress, name: site },
    to: [{ address: sender }],
    subject: t('inboundConfirmSubject', { site }),
    text: `${[...lines, `${t('inboundConfirmButton')}: ${url}`, ignore].join('\n\n')}\n`,
    html: htmlEmail(
      locale,
      `${lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}` +
        `<p><a href="${escapeHtml(url)}">${escapeHtml(t('inboundConfirmButton'))}</a></p><p>${escapeHtml(ignore)}</p>`,
    ),
    headers: { 'X-Chorus-Notification': 'inbound-confirm', 'Auto-Submitted': 'auto-generated' },
  };
}

/**
 * Keeps the message and mails its From address the link. `reason`: 'unauthenticated' or 'human' (Turnstile);
 * `what`: the subject, quoted in the email so the sender knows which message it is. False when the sender's
 * allowance of such emails is spent (nothing is kept, nothing sent).
 */
function waitForSender(app, { raw, claims, sender, reason, seen, what }) {
  if (require(`${__hooks}/platform/limits.js`).take('inbound-confirm', sender)) return false;
  const token = $security.randomString(40);
  const row = new Record(app.findCachedCollectionByNameOrId('inbound_pending'));
  row.set('token_hash', hashOf(token));
  row.set('sender', sender);
  row.set('reason', reason);
  row.set('claims', claims);
  row.set('raw', raw);
  row.set('seen', seen || '');
  row.set('expires', new DateTime().addDate(0, 0, WAIT_DAYS));
  app.save(row);
  const member = require(`${__hooks}/platform/records.js`).memberByEmail(app, sender);
  // Built now, sent beside the request with the account emails (account/taken-email.js), so a sender's
  // server never waits on Chorus's SMTP.
  const email = confirmationEmail(app, sender, member, token, String(what || '').slice(0, 120));
  require(`${__hooks}/account/taken-email.js`).queue(app, { kind: 'mail', email });
  return true;
}

/** The waiting message a link's token names, or null (unknown, used or expired). */
function findWaiting(app, token) {
  if (!token) return null;
  try {
    const row = app.findFirstRecordByFilter('inbound_pending', 'token_hash = {:hash}', { hash: hashOf(token) });
    return row.getDateTime('expires').unix() > Math.floor(Date.now() / 1000) ? row : null;
  } catch {
    return null;
  }
}

/** Drops what waited past its week. */
function dropExpired(app) {
  const now = new DateTime().string();
  app.db().newQuery('DELETE FROM inbound_pending WHERE expires < {:now}').bind({ now }).execute();
}

module.exports = { waitForSender, findWaiting, alreadyWaiting, dropExpired, CONFIRM_PATH };
