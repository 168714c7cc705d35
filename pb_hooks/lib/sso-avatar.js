// The identify token's avatar, kept as a URL that visitors' browsers load (never fetched by the server):
// https only, at most 255 characters, no user name or password, and no host that names the visitor's own
// network (localhost, single-label or .local/.internal names, loopback, private, link-local or other
// non-public IP literals, any IPv6 literal). Anything else is dropped: the member keeps their initial.
const MAX_AVATAR_URL = 255; // as ideas and comments carry it (author_avatar, lib/author-card.js)
const URL_SHAPE = /^https:\/\/([^/?#]*)([/?#][^\s]*)?$/i;
const LOCAL_NAME = /(^|\.)(localhost|local|internal|intranet|lan|home|corp|localdomain|home\.arpa)$/i;

/** Is this dotted IPv4 address public? (0/8, 10/8, 100.64/10, 127/8, 169.254/16, 172.16/12, 192.0.0/24,
 * 192.168/16, 198.18/15 and 224/3 are not.) */
function isPublicIPv4(parts) {
  const [a, b, c] = parts;
  if (a === 0 || a === 10 || a === 127 || a >= 224) return false;
  if (a === 100 && b >= 64 && b <= 127) return false;
  if (a === 169 && b === 254) return false;
  if (a === 172 && b >= 16 && b <= 31) return false;
  if (a === 192 && (b === 168 || (b === 0 && c === 0))) return false;
  if (a === 198 && (b === 18 || b === 19)) return false;
  return true;
}

/** The host part is a public DNS name or a canonical public IPv4 address. */
function isPublicHost(host) {
  if (!host || host.length > 253 || host.startsWith('[')) return false;
  if (!/^[a-z0-9.-]+$/.test(host) || !host.includes('.') || host.endsWith('.')) return false;
  if (LOCAL_NAME.test(host)) return false;
  // Only digits and dots (or a hex or octal spelling): an IP literal, accepted only in canonical form.
  if (/^[0-9.]+$/.test(host) || /(^|\.)0x/.test(host)) {
    const parts = host.split('.');
    if (parts.length !== 4 || parts.some((part) => !/^(0|[1-9][0-9]{0,2})$/.test(part) || Number(part) > 255)) {
      return false;
    }
    return isPublicIPv4(parts.map(Number));
  }
  return true;
}

/** The avatar URL to keep, or '' when the claim is absent or not acceptable. */
function toAvatarUrl(value) {
  const url = String(value || '').trim();
  if (!url || url.length > MAX_AVATAR_URL) return '';
  const match = URL_SHAPE.exec(url);
  if (!match || match[1].includes('@')) return '';
  const host = match[1].toLowerCase().replace(/:(\d{1,5})$/, '');
  return isPublicHost(host) ? `https://${match[1].toLowerCase()}${match[2] || ''}` : '';
}

module.exports = { toAvatarUrl, MAX_AVATAR_URL };
