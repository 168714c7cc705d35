// Zendesk's webhook signing (developer.zendesk.com/documentation/webhooks/verifying/): the webhook's signing secret
// signs X-Zendesk-Webhook-Signature-Timestamp followed directly by the raw body with HMAC-SHA256, and
// X-Zendesk-Webhook-Signature is that digest in base64, compared here in constant time; the timestamp (ISO 8601,
// "2021-03-25T05:09:27Z", as the anatomy-of-a-webhook-request page shows it) must be within five minutes of now.
const { base64OfHex } = require(`${__hooks}/platform/base64.js`);

const WINDOW_SECONDS = 5 * 60;
const ISO_TIMESTAMP = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d{1,9})?(?:Z|[+-]\d{2}:\d{2})$/;
/** The timestamp's time in seconds, or NaN when it is not the documented ISO 8601 form. */
function secondsOf(timestamp) {
  if (!ISO_TIMESTAMP.test(timestamp)) return Number.NaN;
  return Math.floor(Date.parse(timestamp) / 1000);
}

/** '' when the request is Zendesk's, else why not (for the log; the caller answers the same to every reason). */
function signatureProblem(secret, timestamp, signature, rawBody, nowSeconds) {
  if (!secret) return 'no signing secret is set';
  if (!timestamp || !signature) return 'missing X-Zendesk-Webhook-Signature-Timestamp or X-Zendesk-Webhook-Signature';
  const seconds = secondsOf(timestamp);
  if (!Number.isFinite(seconds)) return 'a malformed timestamp';
  if (Math.abs(nowSeconds - seconds) > WINDOW_SECONDS) return 'a timestamp more than five minutes off';
  if (!/^[A-Za-z0-9+/]{43}=$/.test(signature)) return 'a malformed signature';
  const expected = base64OfHex($security.hs256(`${timestamp}${rawBody}`, secret));
  return $security.equal(expected, signature) ? '' : 'a signature that does not match';
}

module.exports = { signatureProblem, WINDOW_SECONDS };
