// The two emails a changelog subscriber gets, in the language they subscribed in: the confirmation (double
// opt-in, with a signed link) and each published release (with a one-click unsubscribe link and the RFC 8058
// headers). Plain text and HTML carry the same words.
const { createLinkToken } = require(`${__hooks}/changelog/changelog-subscribers.js`);
const { listUnsubscribeHeaders } = require(`${__hooks}/notifications/list-unsubscribe.js`);
const { isLocale, siteLocale, translator } = require(`${__hooks}/platform/i18n.js`);
const { escapeHtml, htmlEmail, baseUrl } = require(`${__hooks}/platform/email-layout.js`);
const { siteName } = require(`${__hooks}/platform/site-name.js`);

const EXCERPT = 600;

function localeOf(app, row) {
  const locale = row.getString('locale');
  return isLocale(locale) ? locale : siteLocale(app);
}

function message(app, row, { locale, site, subject, paragraphs, links, footer, headers }) {
  const name = site || siteName(app);
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
  // It checks the address: it may reach one a member has not confirmed (platform/confirmed-mail.js).
  return require(`${__hooks}/platform/confirmed-mail.js`).markAddressCheck(
    message(app, row, {
      locale,
      site,
      subject: t('confirmSubject', { site }),
      paragraphs: [t('confirmLine', { site }), t('confirmIgnore')],
      links: [{ label: t('confirmButton'), href: link }],
    }),
  );
}

/** The one-click unsubscribe URL of a subscriber (GET: a page with a button; POST: unsubscribes). */
function unsubscribeUrl(app, row) {
  return `${baseUrl(app)}/changelog-emails/unsubscribe?token=${encodeURIComponent(createLinkToken(app, row, 'changelog-unsubscribe'))}`;
}

/**
 * A builder of the release's email for one confirmed subscriber at a time: what is the same for every
 * recipient (site name, link, excerpt, words per language) is worked out once per mailing.
 */
function releaseEmailBuilder(app, entry) {
  const site = siteName(app);
  const release = entry.getString('title');
  const body = entry.getString('body').replace(/\s+/g, ' ').trim();
  const excerpt = body.length > EXCERPT ? `${body.slice(0, EXCERPT - 1)}…` : body;
  const link = `${baseUrl(app)}/changelog/${entry.getString('slug')}`;
  const words = {};
  const wordsIn = (locale) => {
    if (!words[locale]) {
      const t = translator(locale, 'releaseEmails');
      words[locale] = {
        subject: t('releaseSubject', { site, release }),
        line: t('releaseLine', { site, release }),
        read: t('releaseRead'),
        unsubscribe: t('unsubscribe'),
      };
    }
    return words[locale];
  };
  return (row) => {
    const locale = localeOf(app, row);
    const w = wordsIn(locale);
    const unsubscribe = unsubscribeUrl(app, row);
    // Only confirmed subscribers get it: their address is proven, so it needs no member check (platform/confirmed-mail.js),
    // not even where a stranger's unconfirmed account holds it, and a mailing costs no query per email for it.
    return require(`${__hooks}/platform/confirmed-mail.js`).markAddressCheck(
      message(app, row, {
        locale,
        site,
        subject: w.subject,
        paragraphs: [w.line, excerpt],
        links: [{ label: w.read, href: link }],
        footer: { label: w.unsubscribe, href: unsubscribe, text: `${w.unsubscribe}: ${unsubscribe}` },
        headers: listUnsubscribeHeaders(unsubscribe),
      }),
    );
  };
}

module.exports = { buildConfirmationEmail, releaseEmailBuilder, unsubscribeUrl };
