// The email for one notification: what happened, a link to the idea (or release), and an unsubscribe
// link for that kind of email. Plain text and HTML carry the same words.
const { PREFERENCE_OF_KIND, createUnsubscribeToken } = require(`${__hooks}/lib/unsubscribe.js`);
const { canSeePost } = require(`${__hooks}/lib/access.js`);

const escapeHtml = (text) =>
  String(text).replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]);

function find(app, collection, id) {
  if (!id) return null;
  try {
    return app.findRecordById(collection, id);
  } catch {
    return null;
  }
}

function describeNotification(app, notification) {
  const post = find(app, 'posts', notification.getString('post'));
  const actor = find(app, 'users', notification.getString('actor'));
  const who = actor?.getString('name') || 'Someone';
  const title = post ? `“${post.getString('title')}”` : 'an idea';
  switch (notification.getString('kind')) {
    case 'comment':
      return { post, subject: `New comment on ${title}`, line: `${who} commented on ${title}.` };
    case 'status': {
      const status = post && find(app, 'statuses', post.getString('status'));
      const name = status?.getString('name') || 'a new status';
      const response = post?.getString('response');
      return {
        post,
        subject: `${title} is now ${name}`,
        line: `${title} moved to ${name}.${response ? ` ${response}` : ''}`,
      };
    }
    case 'response':
      return { post, subject: `Official response on ${title}`, line: post?.getString('response') || '' };
    case 'merge': {
      // The target is named (and linked) only when the recipient may open it.
      const intoId = post?.getString('merged_into');
      const into =
        intoId && canSeePost(app, notification.getString('user'), intoId) ? find(app, 'posts', intoId) : null;
      const target = into ? `“${into.getString('title')}”` : 'another idea';
      return {
        post: into || post,
        subject: `${title} was merged into ${target}`,
        line: `Your vote now counts for ${target}.`,
      };
    }
    case 'release': {
      const entry = find(app, 'changelog_entries', notification.getString('entry'));
      const name = entry?.getString('title') || 'a new release';
      return { post, entry, subject: `Shipped: ${name}`, line: `${title}, which you asked for, shipped in ${name}.` };
    }
    default:
      return null;
  }
}

// Returns the MailerMessage to send, or null when the member opted out or nothing can be said.
function buildNotificationEmail(app, notification) {
  const user = find(app, 'users', notification.getString('user'));
  const preference = PREFERENCE_OF_KIND[notification.getString('kind')];
  if (!user || !preference || !user.getBool(preference) || !user.email()) return null;
  const about = describeNotification(app, notification);
  if (!about) return null;
  const base = app.settings().meta.appURL.replace(/\/+$/, '');
  const link = about.entry ? `${base}/changelog/${about.entry.getString('slug')}` : `${base}/p/${about.post?.id || ''}`;
  const ideaLink = about.post ? `${base}/p/${about.post.id}` : link;
  const unsubscribe = `${base}/settings?unsubscribe=${encodeURIComponent(createUnsubscribeToken(user, preference))}`;
  const meta = app.settings().meta;
  const { siteName } = require(`${__hooks}/lib/site-name.js`);
  const name = siteName(app);
  return new MailerMessage({
    from: { address: meta.senderAddress, name },
    to: [{ address: user.email(), name: user.getString('name') }],
    subject: about.subject,
    text: `${about.line}\n\nOpen: ${link}\nThe idea: ${ideaLink}\n\nStop these emails: ${unsubscribe}\n`,
    html:
      `<p>${escapeHtml(about.line)}</p><p><a href="${escapeHtml(link)}">Open in ${escapeHtml(name)}</a>` +
      ` · <a href="${escapeHtml(ideaLink)}">The idea</a></p>` +
      `<p style="font-size:12px;color:#666"><a href="${escapeHtml(unsubscribe)}">Unsubscribe from these emails</a></p>`,
    headers: { 'List-Unsubscribe': `<${unsubscribe}>` },
  });
}

module.exports = { buildNotificationEmail };
