// A mention in a comment's text, `@[Name](user:<id>)` (the autocomplete writes it): who it names and how a
// reader sees it. Text alone, no records: the notifications (mentions.js) and the emails (email.js) read it.
// Same shape as src/lib/markdown.ts reads: a name without brackets or line breaks, a PocketBase record id.
const MENTION = /@\[([^[\]\n\r]{1,80})\]\(user:([a-z0-9]{15})\)/g;

/** The distinct user ids a body mentions, in order of first mention. */
function mentionedIds(body) {
  const ids = [];
  const pattern = new RegExp(MENTION.source, 'g');
  const text = String(body || '');
  for (let match = pattern.exec(text); match; match = pattern.exec(text)) {
    if (!ids.includes(match[2])) ids.push(match[2]);
  }
  return ids;
}

/** The body as a reader sees it: each mention as `@Name` (emails, excerpts). */
function mentionsAsText(body) {
  return String(body || '').replace(new RegExp(MENTION.source, 'g'), (_, name) => `@${name}`);
}

module.exports = { MENTION, mentionedIds, mentionsAsText };
