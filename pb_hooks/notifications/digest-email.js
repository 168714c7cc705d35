// The digest email, in the recipient's language: one section per idea (its title, linked), one line per
// event on it (the same words as the single notification emails, notifications/email.js), then how to change the
// frequency and a one-click unsubscribe for this digest (RFC 8058 headers and a link in the text).
const { recipientLocale, translator } = require(`${__hooks}/platform/i18n.js`);
const { escapeHtml, htmlEmail, baseUrl } = require(`${__hooks}/platform/email-layout.js`);
const { siteName } = require(`${__hooks}/platform/site-name.js`);
const { listUnsubscribeHeaders } = require(`${__hooks}/notifications/list-unsubscribe.js`);
const EXTRA_MAX = 300;

const clip = (text) => (text.length > EXTRA_MAX ? `${text.slice(0, EXTRA_MAX - 1)}…` : text);

function linesOf(app, events, locale) {
  const { describeNotification } = require(`${__hooks}/notifications/email.js`);
  const { describeEta } = require(`${__hooks}/priority/eta.js`);
  const t = translator(locale, 'emailNotification');
  const sections = new Map();
  for (const event of events) {
    const postId = event.getString('post');
    let about = null;
    if (event.getString('kind') === 'eta') {
      const post = postId ? app.findRecordById('posts', postId) : null;
      about = describeEta(post, locale, post ? t('quotedTitle', { title: post.getString('title') }) : t('anIdea'));
    } else about = describeNotification(app, event, t, locale);
    if (!about) continue;
    const kind = event.getString('kind');
    const line = kind === 'response' ? `${about.subject}: ${about.line}` : about.line;
    const key = about.entry ? `entry:${about.entry.id}` : `post:${about.post?.id || postId}`;
    if (!sections.has(key)) {
      const base = baseUrl(app);
      sections.set(key, {
        title: about.entry ? about.entry.getString('title') : about.post?.getString('title') || t('anIdea'),
        link: about.entry
          ? `${base}/changelog/${about.entry.getString('slug')}`
          : `${base}/p/${about.post?.id || postId}`,
        lines: [],
      });
    }
    sections.get(key).lines.push(about.extra ? `${line} ${clip(about.extra)}` : line);
  }
  return [...sections.values()];
}

/** The MailerMessage of a digest, or null when no event can be told. */
function buildDigestEmail(app, user, frequency, events, more, encodedToken) {
  const locale = recipientLocale(app, user);
  const t = translator(locale, 'digests');
  const sections = linesOf(app, events, locale);
  if (sections.length === 0) return null;
  const { oneClickUrl } = require(`${__hooks}/notifications/email.js`);
  const base = baseUrl(app);
  const site = siteName(app);
  const settings = `${base}/settings`;
  const unsubscribe = `${base}/settings?unsubscribe=${encodedToken}`;
  const notifications = `${base}/notifications`;
  const subject = t(frequency === 'weekly' ? 'weeklySubject' : 'dailySubject', { site });
  const text = [
    t('intro'),
    ...sections.map((s) => `${s.title}\n${s.link}\n${s.lines.map((line) => `- ${line}`).join('\n')}`),
    more ? t('more', { link: notifications }) : '',
    `${t('settingsLink', { link: settings })}\n${t('stopLink', { link: unsubscribe })}`,
  ]
    .filter(Boolean)
    .join('\n\n');
  const html =
    `<p>${escapeHtml(t('intro'))}</p>` +
    sections
      .map(
        (s) =>
          `<h2 style="font-size:16px"><a href="${escapeHtml(s.link)}">${escapeHtml(s.title)}</a></h2>` +
          `<ul>${s.lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('')}</ul>`,
      )
      .join('') +
    (more ? `<p><a href="${escapeHtml(notifications)}">${escapeHtml(t('moreShort'))}</a></p>` : '') +
    `<p style="font-size:12px;color:#666"><a href="${escapeHtml(settings)}">${escapeHtml(t('settings'))}</a>` +
    ` · <a href="${escapeHtml(unsubscribe)}">${escapeHtml(t('unsubscribe'))}</a></p>`;
  return new MailerMessage({
    from: { address: app.settings().meta.senderAddress, name: site },
    to: [{ address: user.email(), name: user.getString('name') }],
    subject,
    text: `${text}\n`,
    html: htmlEmail(locale, html),
    headers: listUnsubscribeHeaders(oneClickUrl(base, encodedToken)),
  });
}

module.exports = { buildDigestEmail };
