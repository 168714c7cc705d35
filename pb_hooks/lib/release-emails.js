// The two emails a changelog subscriber gets, in the language they subscribed in: the confirmation (double
// opt-in, with a signed link) and each published release (with a one-click unsubscribe link and the RFC 8058
// headers). Plain text and HTML carry the same words.
const { createLinkToken } = require(`${__hooks}/lib/changelog-subscribers.js`);
const { listUnsubscribeHeaders } = require(`${__hooks}/lib/list-unsubscribe.js`);
const { isLocale, siteLocale, translator } = require(`${__hooks}/lib/i18n.js`);
const { escapeHtml, htmlEmail, baseUrl } = require(`${__hooks}/lib/email-layout.js`);
const { siteName } = require(`${__hooks}/lib/site-name.js`);

const EXCERPT = 600;

function localeOf(app, row) {
  const locale = row.getString('locale');
  return isLocale(locale) ? locale : siteLocale(app);
}

function message(app, row, { locale, subject, paragraphs, links, footer, headers }) {
  const name = siteName(app);
  const text = [...paragraphs, ...links.map((l) => `${l.label}: ${l.href}`), footer ? footer.text : '']
    .filter(Boolean)
    .join('\n\n');
  const html =
    paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('') +
    links.map((l) => `<p><a href="${escapeHtml(l.href)}">${escapeHtml(l.label)}</a></p>`).join('') +
    (footer
      ? `<p style="font-size:12px;color:#666"><a href="${escapeHtml(footer.href)}">${escapeHtml(footer.label)}</a></p>`
      : '');
  return new MailerMessage({
    from: { address: app.settings().meta.senderAddress, name },
    to: [{ address: row.getString('email') }],
    subject,
    text: `${text}\n`,
    html: htmlEmail(locale, html),
    headers: headers || {},
  });
}

/** "Confirm your subscription": sent once per request within the address's brake. */
function buildConfirmationEmail(app, row) {
  const locale = localeOf(app, row);
  const t = translator(locale, 'releaseEmails');
  const site = siteName(app);
  const link = `${baseUrl(app)}/changelog-emails/confirm?token=${encodeURIComponent(createLinkToken(app, row, 'changelog-confirm'))}`;
  return message(app, row, {
    locale,
    subject: t('confirmSubject', { site }),
    paragraphs: [t('confirmLine', { site }), t('confirmIgnore')],
    links: [{ label: t('confirmButton'), href: link }],
  });
}

/** The one-click unsubscribe URL of a subscriber (GET: a page with a button; POST: unsubscribes). */
function unsubscribeUrl(app, row) {
  return `${baseUrl(app)}/changelog-emails/unsubscribe?token=${encodeURIComponent(createLinkToken(app, row, 'changelog-unsubscribe'))}`;
}

/** A published release, for one confirmed subscriber. */
function buildReleaseEmail(app, row, entry) {
  const locale = localeOf(app, row);
  const t = translator(locale, 'releaseEmails');
  const site = siteName(app);
  const release = entry.getString('title');
  const body = entry.getString('body').replace(/\s+/g, ' ').trim();
  const excerpt = body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1)}…` : body;
  const unsubscribe = unsubscribeUrl(app, row);
  return message(app, row, {
    locale,
    subject: t('releaseSubject', { site, release }),
    paragraphs: [t('releaseLine', { site, release }), excerpt],
    links: [{ label: t('releaseRead'), href: `${baseUrl(app)}/changelog/${entry.getString('slug')}` }],
    footer: { label: t('unsubscribe'), href: unsubscribe, text: `${t('unsubscribe')}: ${unsubscribe}` },
    headers: listUnsubscribeHeaders(unsubscribe),
  });
}

module.exports = { buildConfirmationEmail, buildReleaseEmail, unsubscribeUrl };
