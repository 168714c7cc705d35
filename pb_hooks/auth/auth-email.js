// PocketBase's own emails to members (verification, password reset, email change, sign-in code, new
// sign-in alert) rewritten in the member's language, with links to the site's pages. Superusers keep
// PocketBase's templates, whose links lead to the admin UI.
const { recipientLocale, translator } = require(`${__hooks}/platform/i18n.js`);
const { escapeHtml, htmlEmail, baseUrl } = require(`${__hooks}/platform/email-layout.js`);
const { siteName } = require(`${__hooks}/platform/site-name.js`);

// Each kind: the page its link opens (with the token), or none (the code is in the email itself).
const KINDS = {
  verification: { subject: 'verifySubject', intro: 'verifyIntro', button: 'verifyButton', path: '/verify?token=' },
  passwordReset: {
    subject: 'resetSubject',
    intro: 'resetIntro',
    button: 'resetButton',
    path: '/reset-password?token=',
    ignore: true,
  },
  emailChange: {
    subject: 'emailChangeSubject',
    intro: 'emailChangeIntro',
    button: 'emailChangeButton',
    path: '/settings?confirm-email=',
  },
};

function paragraphs(locale, lines, link) {
  const html = lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('');
  const linkHtml = link ? `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>` : '';
  return htmlEmail(locale, html + linkHtml);
}

/** Rewrites the message of a mailer event `e` of `kind` in the record's language. */
function localizeAuthEmail(e, kind) {
  if (e.record.collection().name !== 'users') return;
  const app = e.app;
  const locale = recipientLocale(app, e.record);
  const t = translator(locale, 'emailAuth');
  const site = siteName(app);
  const message = e.message;
  if (kind === 'otp') {
    const code = String(e.meta.password);
    const minutes = Math.round(e.record.collection().otp.duration / 60);
    const lines = [t('hello'), t('otpIntro', { site, code }), t('otpExpires', { count: minutes }), t('ignore')];
    message.subject = t('otpSubject', { site, code });
    message.text = `${lines.join('\n\n')}\n`;
    message.html = paragraphs(locale, lines);
    return;
  }
  if (kind === 'authAlert') {
    const lines = [t('hello'), t('alertIntro', { site }), String(e.meta.info || ''), t('alertAdvice')];
    message.subject = t('alertSubject', { site });
    message.text = `${lines.filter(Boolean).join('\n\n')}\n`;
    message.html = paragraphs(locale, lines.filter(Boolean));
    return;
  }
  const words = KINDS[kind];
  const url = `${baseUrl(app)}${words.path}${encodeURIComponent(String(e.meta.token))}`;
  const before = [t('hello'), t(words.intro, { site })];
  const after = words.ignore ? [t('ignore')] : [];
  message.subject = t(words.subject, { site });
  message.text = `${[...before, `${t(words.button)}: ${url}`, ...after].join('\n\n')}\n`;
  message.html = paragraphs(locale, before, { url, label: t(words.button) }).replace(
    '</body>',
    `${after.map((line) => `<p>${escapeHtml(line)}</p>`).join('')}</body>`,
  );
}

/** The email to the holder of `user`'s address when someone tried to sign up with it, or to move another
 * account to it (`kind` 'signup' or 'email-change'): nothing changed; links to sign in and to reset the password. */
function takenAddressEmail(app, user, kind) {
  const locale = recipientLocale(app, user);
  const t = translator(locale, 'emailAuth');
  const site = siteName(app);
  const base = baseUrl(app);
  const intro = t(kind === 'email-change' ? 'takenEmailChangeIntro' : 'takenSignupIntro', { site });
  const links = [
    { url: `${base}/signin`, label: t('takenSignIn') },
    { url: `${base}/reset-password`, label: t('takenReset') },
  ];
  const lines = [t('hello'), intro];
  const html =
    lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('') +
    links.map((link) => `<p><a href="${escapeHtml(link.url)}">${escapeHtml(link.label)}</a></p>`).join('') +
    `<p>${escapeHtml(t('takenNotYou'))}</p>`;
  // It asks the holder to check the address (sign in or reset): it may reach an unconfirmed one (platform/confirmed-mail.js).
  return require(`${__hooks}/platform/confirmed-mail.js`).markAddressCheck(
    new MailerMessage({
      from: { address: app.settings().meta.senderAddress, name: site },
      to: [{ address: user.email() }],
      subject: t('takenSubject', { site }),
      text: `${[...lines, ...links.map((link) => `${link.label}: ${link.url}`), t('takenNotYou')].join('\n\n')}\n`,
      html: htmlEmail(locale, html),
    }),
  );
}

/**
 * One of PocketBase's auth emails on its way (the hook of each kind): in the member's language, marked as checking
 * the address (it may reach an unconfirmed one, platform/confirmed-mail.js) unless it is the sign-in alert, then sent.
 */
function sendAuthEmail(e, kind) {
  localizeAuthEmail(e, kind);
  if (kind !== 'authAlert') require(`${__hooks}/platform/confirmed-mail.js`).markAddressCheck(e.message);
  e.next();
}

module.exports = { localizeAuthEmail, sendAuthEmail, takenAddressEmail };
