// Standard Webhooks signing (https://www.standardwebhooks.com): a `whsec_` secret holding base64 key
// bytes, and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`.
// PocketBase's $security.hs256 takes the key as a string and returns hex, so the keys Chorus makes
// are 32 random alphanumeric characters (ASCII, ~190 bits), which pass through unchanged as bytes.
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';

function bytesToBase64(bytes) {
  let out = '';
  for (let i = 0; i < bytes.length; i += 3) {
    const [a, b = 0, c = 0] = [bytes[i], bytes[i + 1], bytes[i + 2]];
    const n = (a << 16) | (b << 8) | c;
    out += ALPHABET[(n >> 18) & 63] + ALPHABET[(n >> 12) & 63];
    out += i + 1 < bytes.length ? ALPHABET[(n >> 6) & 63] : '=';
    out += i + 2 < bytes.length ? ALPHABET[n & 63] : '=';
  }
  return out;
}

function base64ToAscii(text) {
  let bits = 0;
  let value = 0;
  let out = '';
  for (const char of text.replace(/=+$/, '')) {
    value = (value << 6) | ALPHABET.indexOf(char);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out += String.fromCharCode((value >> bits) & 255);
    }
  }
  return out;
}

function newSecret() {
  const key = $security.randomString(32);
  return `whsec_${bytesToBase64(Array.from(key, (c) => c.charCodeAt(0)))}`;
}

function sign(secret, messageId, timestamp, body) {
  const key = base64ToAscii(secret.replace(/^whsec_/, ''));
  const hex = $security.hs256(`${messageId}.${timestamp}.${body}`, key);
  const bytes = [];
  for (let i = 0; i < hex.length; i += 2) bytes.push(Number.parseInt(hex.slice(i, i + 2), 16));
  return `v1,${bytesToBase64(bytes)}`;
}

module.exports = { newSecret, sign };
