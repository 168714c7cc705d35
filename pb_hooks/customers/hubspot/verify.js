// HubSpot's webhook signatures, version 3 (developers.hubspot.com/docs/api/webhooks/validating-requests): the
// X-HubSpot-Signature-v3 header is the base64 HMAC-SHA256 of method + URI + raw body + the
// X-HubSpot-Request-Timestamp header (milliseconds since the epoch), keyed with the app's client secret. The URI is
// the full address HubSpot called (scheme, host, path and query) with the characters HubSpot lists decoded
// (%3A : %2F / %3F ? %40 @ %21 ! %24 $ %27 ' %28 ( %29 ) %2A * %2C , %3B ;). A timestamp older than five minutes is
// a replay and refused (and one more than five minutes ahead too); the signatures are compared in constant time.
const { base64OfHex } = require(`${__hooks}/platform/base64.js`);

const TOLERANCE_MS = 5 * 60 * 1000;
const DECODED = {
  '%3A': ':',
  '%2F': '/',
  '%3F': '?',
  '%40': '@',
  '%21': '!',
  '%24': '$',
  '%27': "'",
  '%28': '(',
  '%29': ')',
  '%2A': '*',
  '%2C': ',',
  '%3B': ';',
};

/** The URI as HubSpot signs it: only the listed escapes decoded (in either case), every other one kept. */
function signedUri(uri) {
  return String(uri).replace(/%(3A|2F|3F|40|21|24|27|28|29|2A|2C|3B)/gi, (encoded) => DECODED[encoded.toUpperCase()]);
}

/** The v3 signature HubSpot sends for this request. */
function signatureV3(secret, method, uri, rawBody, timestamp) {
  return base64OfHex($security.hs256(`${method}${signedUri(uri)}${rawBody}${timestamp}`, secret));
}

/** '' when the request is HubSpot's, else why not (for the log; the caller answers the same to every reason). */
function signatureProblem({ secret, method, uri, rawBody, signature, timestamp, nowMs }) {
  if (!secret) return 'no client secret is set';
  if (!signature) return 'no X-HubSpot-Signature-v3 header';
  if (!/^\d{1,15}$/.test(timestamp)) return 'a missing or malformed X-HubSpot-Request-Timestamp';
  if (nowMs - Number(timestamp) > TOLERANCE_MS) return 'a timestamp older than five minutes (a replay)';
  if (Number(timestamp) - nowMs > TOLERANCE_MS) return 'a timestamp in the future';
  if (!/^[A-Za-z0-9+/]{43}=$/.test(signature)) return 'a malformed signature';
  const expected = signatureV3(secret, method, uri, rawBody, timestamp);
  return $security.equal(expected, signature) ? '' : 'no signature that matches';
}

module.exports = { signatureProblem };
