// The Slack source's reader: a message (from a "Send to feedback" shortcut or the Events API) to one capture input
// for feedback/capture.js: its id `channel:ts`, its permalink, its author's email and name (users.info, which
// needs the users:read.email scope), and its words with Slack's markup made readable (docs.slack.dev/messaging/
// formatting-message-text: <@U…> mentions, <#C…|name> channels, <!here>, <url|label> links, &amp; &lt; &gt;).
const { slackUser, permalink } = require(`${__hooks}/feedback/sources/slack/api.js`);

const MAX_MENTIONS = 5;

/** A Slack user's name as people read it: real name, else display name, else handle. */
const nameOf = (user) =>
  String(user?.profile?.real_name || user?.real_name || user?.profile?.display_name || user?.name || '').trim();

/** Slack's mrkdwn to plain readable text; `names` maps a user id to its name (unknown ones stay as their id). */
function readableText(text, names = {}) {
  return String(text ?? '')
    .replace(/<([^<>]*)>/g, (_, inner) => {
      const [target, label] = [inner.split('|')[0], inner.split('|').slice(1).join('|')];
      if (target.startsWith('@')) return `@${label || names[target.slice(1)] || target.slice(1)}`;
      if (target.startsWith('#')) return `#${label || target.slice(1)}`;
      if (target.startsWith('!subteam^')) return label || '@group';
      if (target.startsWith('!date^')) return label || '';
      if (target.startsWith('!')) return `@${target.slice(1)}`;
      if (target.startsWith('mailto:')) return label || target.slice(7);
      return label && label !== target ? `${label} (${target})` : target;
    })
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The documented permalink form, from the workspace's domain (payload.team.domain) when Slack gave no permalink. */
function formedPermalink(domain, channel, ts) {
  if (!/^[a-z0-9-]{1,63}$/i.test(String(domain || ''))) return '';
  return `https://${domain}.slack.com/archives/${channel}/p${String(ts).replace('.', '')}`;
}

/** The names of the first users the text mentions, each looked up once. */
function mentionedNames(app, token, text) {
  const ids = [...new Set([...String(text || '').matchAll(/<@([UW][A-Z0-9]{2,30})(?:\|[^>]*)?>/g)].map((m) => m[1]))];
  const names = {};
  for (const id of ids.slice(0, MAX_MENTIONS)) {
    const name = nameOf(slackUser(app, token, id));
    if (name) names[id] = name;
  }
  return names;
}

/**
 * `message`: Slack's message object ({ ts, user, text, bot_id, username }); `channel`: its channel id; `domain`:
 * the workspace's domain when known; `capturedBy`: the staff member who sent it, when one did. Answers the capture
 * input, or null when the message is not one (no ts or channel).
 */
function readMessage(app, settings, { message, channel, domain, capturedBy }) {
  const ts = String(message?.ts || '');
  if (!/^\d{1,12}\.\d{1,9}$/.test(ts) || !/^[CGD][A-Z0-9]{2,30}$/.test(String(channel || ''))) return null;
  const token = settings.getString('bot_token');
  const author = message.user ? slackUser(app, token, message.user) : null;
  const email = author && !author.is_bot && !author.deleted ? String(author.profile?.email || '') : '';
  const text = readableText(message.text, mentionedNames(app, token, message.text));
  return {
    source: 'slack',
    externalId: `${channel}:${ts}`,
    url: permalink(app, token, channel, ts) || formedPermalink(domain, channel, ts),
    authorEmail: email,
    authorName: nameOf(author) || String(message.username || ''),
    quote: text,
    capturedBy: capturedBy ? capturedBy.id : '',
  };
}

module.exports = { readMessage, readableText, nameOf };
