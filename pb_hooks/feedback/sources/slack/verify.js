// Slack's request signing (api.slack.com/authentication/verifying-requests-from-slack): the base string
// "v0:<X-Slack-Request-Timestamp>:<raw body>" signed with the app's signing secret (HMAC-SHA256, hex) must equal
// X-Slack-Signature's "v0=<hex>" (compared in constant time), and the timestamp must be within five minutes of now.

const WINDOW_SECONDS = 5 * 60;

/** '' when the request is Slack's, else why not (for the log; the caller answers the same to every reason). */
function signatureProblem(secret, timestamp, signature, rawBody, nowSeconds) {
  if (!secret) return 'no signing secret is set';
  if (!timestamp || !signature) return 'missing X-Slack-Request-Timestamp or X-Slack-Signature';
  if (!/^\d{1,12}$/.test(timestamp)) return 'a malformed timestamp';
  if (Math.abs(nowSeconds - Number(timestamp)) > WINDOW_SECONDS) return 'a timestamp more than five minutes off';
  if (!/^v0=[a-f0-9]{64}$/.test(signature)) return 'a malformed signature';
  const expected = `v0=${$security.hs256(`v0:${timestamp}:${rawBody}`, secret)}`;
  return $security.equal(expected, signature) ? '' : 'a signature that does not match';
}

module.exports = { signatureProblem, WINDOW_SECONDS };
