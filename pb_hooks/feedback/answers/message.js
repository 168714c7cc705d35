// What the customer is told when an idea they asked for moves on (issue 58), in the words of the site's status emails
// (emailNotification: "“Idea” moved to Planned.", and what they said, quoted back): a reply for their Slack thread
// (the site's language; Slack's three escapes, so a title never becomes a mention or a link), a comment on their
// Zendesk ticket (plain text, which Zendesk shows as typed), a reply or note in their Intercom conversation (HTML, which
// Intercom renders: every word escaped), or an email in their own language in the site's layout, a reply to their
// original message when its Message-ID is known.
const { recipientLocale, siteLocale, translator } = require(`${__hooks}/platform/i18n.js`);
const { escapeHtml, htmlEmail, baseUrl } = require(`${__hooks}/platform/email-layout.js`);
const { siteName } = require(`${__hooks}/platform/site-name.js`);

const MESSAGE_ID = /^<[^\s<>@]{1,400}@[^\s<>@]{1,400}>$/;
const QUOTE_CHARS = 200;

const slackEscaped = (text) =>
  String(text ?? '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;');

function shortQuote(item) {
  const quote = item.getString('quote').replace(/\s+/g, ' ').trim();
  return quote.length > QUOTE_CHARS ? `${quote.slice(0, QUOTE_CHARS - 1)}…` : quote;
}

/** The words both channels say: the status line and the idea's address. */
function wordsOf(app, t, post, status) {
  const values = { idea: t('quotedTitle', { title: post.getString('title') }), status: status.getString('name') };
  return { values, line: t('statusLine', values), link: `${baseUrl(app)}/p/${post.id}` };
}

/** chat.postMessage's text and blocks (the channel and thread are added by the sender). */
function slackReply(app, post, status) {
  const t = translator(siteLocale(app), 'emailNotification');
  const { line, link } = wordsOf(app, t, post, status);
  const text = `${slackEscaped(line)} <${link}|${slackEscaped(t('theIdea'))}>`;
  return {
    text: text.slice(0, 3000),
    blocks: [{ type: 'section', text: { type: 'mrkdwn', text: text.slice(0, 3000) } }],
  };
}

/** A support desk's answer in the customer's language (the site's without an account): the status line, what they
 * asked, and the idea's address, as three paragraphs of plain text. */
function deskParagraphs(app, item, post, status, user) {
  const t = translator(user ? recipientLocale(app, user) : siteLocale(app), 'emailNotification');
  const { line, link } = wordsOf(app, t, post, status);
  return { paragraphs: [line, t('answerQuote', { quote: shortQuote(item) })], t, link };
}

/** A Zendesk ticket comment's body (plain text). */
function zendeskReply(app, item, post, status, user) {
  const { paragraphs, t, link } = deskParagraphs(app, item, post, status, user);
  return [...paragraphs, t('ideaLink', { link })].join('\n\n');
}

/** An Intercom reply's body (HTML): each paragraph escaped, the idea's address a link. */
function intercomReply(app, item, post, status, user) {
  const { paragraphs, t, link } = deskParagraphs(app, item, post, status, user);
  const anchor = `<a href="${escapeHtml(link)}">${escapeHtml(link)}</a>`;
  const last = escapeHtml(t('ideaLink', { link: '\u0000' })).replace('\u0000', anchor);
  return [...paragraphs.map(escapeHtml), last].map((text) => `<p>${text}</p>`).join('');
}

/** The item's original Message-ID, when the forward carried a well-formed one, else ''. */
function originalMessageId(item) {
  const id = item.getString('external_id').trim();
  return MESSAGE_ID.test(id) ? id : '';
}

/** The MailerMessage to `user` (the customer's account, or null: then to the item's address in the site's language). */
function mailReply(app, item, post, status, user) {
  const locale = user ? recipientLocale(app, user) : siteLocale(app);
  const t = translator(locale, 'emailNotification');
  const { values, line, link } = wordsOf(app, t, post, status);
  const said = t('answerQuote', { quote: shortQuote(item) });
  const name = siteName(app);
  const inReplyTo = originalMessageId(item);
  const headers = { 'Auto-Submitted': 'auto-generated', 'X-Chorus-Notification': 'feedback-answer' };
  if (inReplyTo) {
    headers['In-Reply-To'] = inReplyTo;
    headers.References = inReplyTo;
  }
  return new MailerMessage({
    from: { address: app.settings().meta.senderAddress, name },
    to: [{ address: item.getString('author_email'), name: user?.getString('name') || item.getString('author_name') }],
    subject: inReplyTo && item.getString('title') ? `Re: ${item.getString('title')}` : t('statusSubject', values),
    text: `${line}\n\n${said}\n\n${t('ideaLink', { link })}\n`,
    html: htmlEmail(
      locale,
      `<p>${escapeHtml(line)}</p><p>${escapeHtml(said)}</p>` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(t('openIn', { site: name }))}</a></p>`,
    ),
    headers,
  });
}

module.exports = { slackReply, zendeskReply, intercomReply, mailReply, originalMessageId };
