// The email for one notification, in the recipient's language: what happened, a link to the idea (or
// release), and an unsubscribe link for that kind of email (in the text, and one-click in the headers).
// Plain text and HTML carry the same words. Kinds a member gets as a digest wait for notifications/digests.js.
const { PREFERENCE_OF_KIND, createUnsubscribeToken, frequencyOf } = require(`${__hooks}/notifications/unsubscribe.js`);
const { listUnsubscribeHeaders } = require(`${__hooks}/notifications/list-unsubscribe.js`);
const { canSeePost } = require(`${__hooks}/platform/access.js`);
const { recipientLocale, translator } = require(`${__hooks}/platform/i18n.js`);
const { escapeHtml, htmlEmail, baseUrl } = require(`${__hooks}/platform/email-layout.js`);
const { siteName } = require(`${__hooks}/platform/site-name.js`);
const { describeEta } = require(`${__hooks}/priority/eta.js`);

const { recordOrNull: find, firstRecordOrNull } = require(`${__hooks}/platform/records.js`);

/** The latest question about `postId` sent to `userId` (for the notification's email), or null. */
function latestQuestionFor(app, userId, postId) {
  return firstRecordOrNull(
    app,
    'idea_questions',
    'post = {:post} && question_recipients_via_question.user ?= {:user}',
    { post: postId, user: userId },
    '-created',
  );
}

function quotedIdea(app, notification, t) {
  const post = find(app, 'posts', notification.getString('post'));
  return post ? t('quotedTitle', { title: post.getString('title') }) : t('anIdea');
}

function describeNotification(app, notification, t, locale) {
  const post = find(app, 'posts', notification.getString('post'));
  const actor = find(app, 'users', notification.getString('actor'));
  const quoted = (record, fallback) => (record ? t('quotedTitle', { title: record.getString('title') }) : t(fallback));
  const idea = quoted(post, 'anIdea');
  switch (notification.getString('kind')) {
    case 'comment':
      return {
        post,
        subject: t('commentSubject', { idea }),
        line: t('commentLine', { actor: actor?.getString('name') || t('someone'), idea }),
      };
    case 'status': {
      const status = post && find(app, 'statuses', post.getString('status'));
      const values = { idea, status: status?.getString('name') || t('aNewStatus') };
      return {
        post,
        subject: t('statusSubject', values),
        line: t('statusLine', values),
        extra: post?.getString('response'),
      };
    }
    case 'response':
      return { post, subject: t('responseSubject', { idea }), line: post?.getString('response') || '' };
    case 'merge': {
      // The target is named (and linked) only when the recipient may open it.
      const intoId = post?.getString('merged_into');
      const into =
        intoId && canSeePost(app, notification.getString('user'), intoId) ? find(app, 'posts', intoId) : null;
      const target = quoted(into, 'anotherIdea');
      return { post: into || post, subject: t('mergeSubject', { idea, target }), line: t('mergeLine', { target }) };
    }
    case 'release': {
      const entry = find(app, 'changelog_entries', notification.getString('entry'));
      const release = entry?.getString('title') || t('aNewRelease');
      return { post, entry, subject: t('releaseSubject', { release }), line: t('releaseLine', { idea, release }) };
    }
    case 'question': {
      // Staff asked the idea's voters (pb_hooks/asks/ask.js): the question itself, and a link to answer it.
      const question = post && latestQuestionFor(app, notification.getString('user'), post.id);
      if (!question) return null;
      const ask = translator(locale, 'asks');
      return {
        post,
        subject: ask('emailSubject', { idea }),
        line: ask('emailLine', { actor: actor?.getString('name') || t('someone'), idea }),
        extra: question.getString('body'),
        anchor: '#ask',
      };
    }
    case 'mention': {
      // Someone named the recipient in a comment (pb_hooks/comments/mentions.pb.js): what they wrote, mentions as names.
      const { mentionsAsText } = require(`${__hooks}/notifications/mention-text.js`);
      const comment = find(app, 'comments', notification.getString('comment'));
      const values = { actor: actor?.getString('name') || t('someone'), idea };
      const text = comment ? mentionsAsText(comment.getString('body')) : '';
      return {
        post,
        subject: t('mentionSubject', values),
        line: t('mentionLine', values),
        extra: text.length > 1000 ? `${text.slice(0, 999)}…` : text,
      };
    }
    default:
      return null;
  }
}

// Returns the MailerMessage to send, or null when the member opted out or nothing can be said.
function buildNotificationEmail(app, notification) {
  const user = find(app, 'users', notification.getString('user'));
  const preference = PREFERENCE_OF_KIND[notification.getString('kind')];
  if (!user || !preference || frequencyOf(user, preference) !== 'instant' || !user.email()) return null;
  const locale = recipientLocale(app, user);
  const t = translator(locale, 'emailNotification');
  const about =
    notification.getString('kind') === 'eta'
      ? describeEta(find(app, 'posts', notification.getString('post')), locale, quotedIdea(app, notification, t))
      : describeNotification(app, notification, t, locale);
  if (!about) return null;
  // A customer told of this status by the feedback inbox's reply to their email gets that one, not this one too.
  const { toldByMail } = require(`${__hooks}/feedback/answers/told-by-mail.js`);
  if (
    notification.getString('kind') === 'status' &&
    toldByMail(app, about.post?.id, about.post?.getString('status'), user.email())
  ) {
    return null;
  }
  const base = baseUrl(app);
  const link = about.entry
    ? `${base}/changelog/${about.entry.getString('slug')}`
    : `${base}/p/${about.post?.id || ''}${about.anchor || ''}`;
  const ideaLink = about.post ? `${base}/p/${about.post.id}` : link;
  const token = encodeURIComponent(createUnsubscribeToken(user, preference));
  const unsubscribe = `${base}/settings?unsubscribe=${token}`;
  const name = siteName(app);
  const paragraphs = [about.line, about.extra].filter(Boolean);
  return new MailerMessage({
    from: { address: app.settings().meta.senderAddress, name },
    to: [{ address: user.email(), name: user.getString('name') }],
    subject: about.subject,
    text:
      `${paragraphs.join('\n\n')}\n\n${t('openLink', { link })}\n${t('ideaLink', { link: ideaLink })}\n\n` +
      `${t('stopLink', { link: unsubscribe })}\n`,
    html: htmlEmail(
      locale,
      `${paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('')}` +
        `<p><a href="${escapeHtml(link)}">${escapeHtml(t('openIn', { site: name }))}</a>` +
        ` · <a href="${escapeHtml(ideaLink)}">${escapeHtml(t('theIdea'))}</a></p>` +
        `<p style="font-size:12px;color:#666"><a href="${escapeHtml(unsubscribe)}">${escapeHtml(t('unsubscribe'))}</a></p>`,
    ),
    headers: notificationHeaders(oneClickUrl(base, token), about.post?.id, user.id),
  });
}

/** One-click unsubscribe; marked as sent by a machine (RFC 3834: auto-replies stay quiet, and one that comes
 * back is dropped, pb_hooks/inbound-email/receive.js); a reply to it becomes the member's comment on the idea
 * (its Reply-To is signed for this member and idea, inbound-email/addresses.js) when ideas by email is on. */
function notificationHeaders(oneClick, postId, userId) {
  const { replyAddress } = require(`${__hooks}/inbound-email/addresses.js`);
  const headers = {
    ...listUnsubscribeHeaders(oneClick),
    'Auto-Submitted': 'auto-generated',
    'X-Chorus-Notification': '1',
  };
  const replyTo = replyAddress(postId, userId);
  if (replyTo) headers['Reply-To'] = replyTo;
  return headers;
}

/** The RFC 8058 one-click address for an (already URL-encoded) unsubscribe token: the site's
 * /unsubscribe route takes a sign-in-free POST (and sends a person who opens it to the settings page). */
function oneClickUrl(base, encodedToken) {
  return `${base}/unsubscribe?token=${encodedToken}`;
}

module.exports = { buildNotificationEmail, describeNotification, oneClickUrl };
