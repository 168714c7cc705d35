// Standard Webhooks signing (https://www.standardwebhooks.com): a `whsec_` secret holding base64 key
// bytes, and `webhook-signature: v1,<base64 HMAC-SHA256 of "id.timestamp.body">`.
// PocketBase's $security.hs256 takes the key as a string and returns hex, so the keys Chorus makes
// are 32 random alphanumeric characters (ASCII, ~190 bits), which pass through unchanged as bytes.
const { base64OfHex, base64OfText, bytesOfBase64 } = require(`${__hooks}/platform/base64.js`);

function newSecret() {
  const key = $security.randomString(32);
  return `whsec_${base64OfText(key)}`;
}

function sign(secret, messageId, timestamp, body) {
  const key = bytesOfBase64(secret.replace(/^whsec_/, ''));
  return `v1,${base64OfHex($security.hs256(`${messageId}.${timestamp}.${body}`, key))}`;
}

module.exports = { newSecret, sign };
