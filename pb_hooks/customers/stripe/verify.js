// Stripe's webhook signatures (docs.stripe.com/webhooks#verify-manually): the Stripe-Signature header is a list of
// `key=value` pairs, `t` the timestamp and one or more `v1` HMAC-SHA256 signatures (hex) of "<t>.<raw body>" keyed
// with the endpoint's signing secret (whsec_…, used whole as the key); the request is Stripe's when any v1 matches
// (compared in constant time) and the timestamp is within five minutes of now (older is a replay). Other schemes
// (v0, a test mode's) are ignored, as Stripe's own libraries do.

const TOLERANCE_SECONDS = 5 * 60;
const MAX_SIGNATURES = 8;

/** { t, v1: [...] } of a Stripe-Signature header (unknown keys dropped). */
function parseHeader(header) {
  const parsed = { t: '', v1: [] };
  for (const part of String(header || '').split(',')) {
    const at = part.indexOf('=');
    if (at < 0) continue;
    const key = part.slice(0, at).trim();
    const value = part.slice(at + 1).trim();
    if (key === 't') parsed.t = value;
    else if (key === 'v1' && parsed.v1.length < MAX_SIGNATURES) parsed.v1.push(value);
  }
  return parsed;
}

/** '' when the request is Stripe's, else why not (for the log; the caller answers the same to every reason). */
function signatureProblem(secret, header, rawBody, nowSeconds) {
  if (!secret) return 'no signing secret is set';
  if (!header) return 'no Stripe-Signature header';
  const { t, v1 } = parseHeader(header);
  if (!/^\d{1,12}$/.test(t)) return 'a missing or malformed timestamp';
  if (v1.length === 0) return 'no v1 signature';
  if (nowSeconds - Number(t) > TOLERANCE_SECONDS) return 'a timestamp older than five minutes (a replay)';
  if (Number(t) - nowSeconds > TOLERANCE_SECONDS) return 'a timestamp in the future';
  const expected = $security.hs256(`${t}.${rawBody}`, secret);
  let match = false;
  for (const signature of v1) {
    // Every candidate is compared, so the time taken says nothing about which one matched.
    if (/^[a-f0-9]{64}$/.test(signature) && $security.equal(expected, signature)) match = true;
  }
  return match ? '' : 'no signature that matches';
}

module.exports = { signatureProblem };
