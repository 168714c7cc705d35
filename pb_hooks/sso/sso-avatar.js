// The identify token's avatar, kept as a URL that visitors' browsers load (never fetched by the server):
// https only, at most 255 characters, and a URL the outbound policy's reader accepts without resolving a name
// (platform/outbound/outbound-address.js judgeUrl: no user info, no host that names the visitor's own network, such as
// localhost, single-label or .local/.internal names, or a loopback, private, link-local or other non-public
// address in any spelling). Anything else is dropped: the member keeps their initial.
const { judgeUrl } = require(`${__hooks}/platform/outbound/outbound-address.js`);

const MAX_AVATAR_URL = 255; // as ideas and comments carry it (author_avatar, ideas/author-card.js)

/** The avatar URL to keep, or '' when the claim is absent or not acceptable. */
function toAvatarUrl(value) {
  const url = String(value || '').trim();
  if (!url || url.length > MAX_AVATAR_URL || !/^https:/i.test(url)) return '';
  const verdict = judgeUrl(url);
  return verdict.ok ? verdict.parsed.url : '';
}

module.exports = { toAvatarUrl, MAX_AVATAR_URL };
