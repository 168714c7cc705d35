// Identify tokens (single sign-on): checks an HS256 JWT signed by the team's app and reads the person
// from it. Each refusal is a `SsoRefusal` with a stable code for the operator's log and a friendly
// message for the person.
const MAX_LIFETIME_SECONDS = 10 * 60;
const CLOCK_SKEW_SECONDS = 60;
const MAX_TOKEN_LENGTH = 8192;

// The pbSso message of each refusal code (locales/*.json); the same message serves several codes.
// i18n-keys: pbSso.*
const MESSAGE_KEY = { malformed: 'invalid_link', bad_algorithm: 'invalid_link', bad_signature: 'invalid_link' };

/** The refusal's message in `locale`. */
function refusalMessage(code, locale) {
  const { translate } = require(`${__hooks}/platform/i18n.js`);
  return translate(locale, 'pbSso', MESSAGE_KEY[code] || code);
}

class SsoRefusal extends Error {
  constructor(code, status, detail) {
    super(refusalMessage(code, 'en'));
    this.code = code;
    this.status = status;
    this.detail = detail || '';
  }
}

/** Verifies signature, algorithm and dates; returns the token's claims or throws an SsoRefusal. */
function verifyIdentifyToken(token, secret, nowSeconds) {
  if (typeof token !== 'string' || token.length === 0 || token.length > MAX_TOKEN_LENGTH) {
    throw new SsoRefusal('malformed', 400, 'no token or too long');
  }
  let claims;
  try {
    // PocketBase accepts only HS256 here (so never "none"), checks the signature, and exp/nbf when present.
    claims = $security.parseJWT(token, secret);
  } catch (error) {
    throw refusalFor(String(error));
  }
  const exp = Number(claims.exp);
  const iat = Number(claims.iat);
  if (!Number.isFinite(exp) || !Number.isFinite(iat))
    throw new SsoRefusal('malformed', 400, 'exp and iat are required');
  if (exp <= nowSeconds) throw new SsoRefusal('expired', 401, 'exp in the past');
  if (iat > nowSeconds + CLOCK_SKEW_SECONDS) throw new SsoRefusal('not_yet_valid', 401, 'iat in the future');
  if (exp - iat > MAX_LIFETIME_SECONDS || exp - nowSeconds > MAX_LIFETIME_SECONDS + CLOCK_SKEW_SECONDS) {
    throw new SsoRefusal('too_long', 401, `lifetime ${exp - iat}s`);
  }
  return claims;
}

function refusalFor(message) {
  if (/signing method|unverifiable|none/i.test(message)) return new SsoRefusal('bad_algorithm', 401, message);
  if (/expired/i.test(message)) return new SsoRefusal('expired', 401, message);
  if (/not valid yet|nbf/i.test(message)) return new SsoRefusal('not_yet_valid', 401, message);
  if (/signature/i.test(message)) return new SsoRefusal('bad_signature', 401, message);
  return new SsoRefusal('malformed', 400, message);
}

/** The person the token describes: the app's user id, email, name and avatar URL (as given). */
function readPerson(claims) {
  const externalId = String(claims.sub || claims.id || '').trim();
  const email = String(claims.email || '')
    .trim()
    .toLowerCase();
  if (!externalId || externalId.length > 200) throw new SsoRefusal('missing_claims', 400, 'no sub/id');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(email) || email.length > 254) {
    throw new SsoRefusal('missing_claims', 400, 'no valid email');
  }
  const name = String(claims.name || email.split('@')[0])
    .trim()
    .slice(0, 60);
  // Checked where it is kept (sso/sso-avatar.js): a bad avatar never stops the sign-in.
  const avatar = typeof claims.avatar === 'string' ? claims.avatar : '';
  return { externalId, email, name, avatar };
}

const BASE64URL = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_';

/** The bytes a base64url text stands for, as hex. Its last character has several spellings (unused low
 * bits) that all decode to the same bytes, so the bytes, not the text, name a signature. */
function base64urlBytesHex(text) {
  let bits = 0;
  let size = 0;
  let hex = '';
  for (const char of text) {
    const value = BASE64URL.indexOf(char);
    if (value < 0) throw new SsoRefusal('malformed', 400, 'signature is not base64url');
    bits = ((bits << 6) | value) & 0xfff;
    size += 6;
    if (size >= 8) {
      size -= 8;
      hex += ((bits >> size) & 0xff).toString(16).padStart(2, '0');
    }
  }
  return hex;
}

/** The key that makes a token single-use: its jti, or else its signature's decoded bytes (hashed). */
function replayKey(claims, token) {
  if (claims.jti) return `jti:${String(claims.jti).slice(0, 190)}`;
  return `sig:${$security.sha256(base64urlBytesHex(token.slice(token.lastIndexOf('.') + 1)))}`;
}

module.exports = {
  refusalMessage,
  SsoRefusal,
  verifyIdentifyToken,
  readPerson,
  replayKey,
};
