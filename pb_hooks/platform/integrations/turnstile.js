// Cloudflare Turnstile, the one module that speaks it (issue 38): whether the site turned it on (a site key on the
// site record and a secret in spam_guard), and the server-side check of a browser's token against siteverify.
// The API's shape: developers.cloudflare.com/turnstile/get-started/server-side-validation/ (docs: features/spam).
const { refusalText } = require(`${__hooks}/platform/refusals.js`);

const SITEVERIFY = 'https://challenges.cloudflare.com/turnstile/v0/siteverify';

/** Where tokens are checked: Cloudflare's siteverify, or CHORUS_TURNSTILE_VERIFY_URL (a local stand-in). */
function verifyUrl() {
  return $os.getenv('CHORUS_TURNSTILE_VERIFY_URL') || SITEVERIFY;
}

/** The secret when the site turned Turnstile on (both keys set), else ''. */
function secretOf(app) {
  const [site] = app.findRecordsByFilter('site', '', '', 1, 0);
  if (!site?.getString('turnstile_site_key')) return '';
  const [guard] = app.findRecordsByFilter('spam_guard', '', '', 1, 0);
  return guard ? guard.getString('turnstile_secret') : '';
}

/** The host the site is served from (PocketBase's application URL), '' when not set. */
function siteHost(app) {
  const match = /^https?:\/\/([^/:?#]+)/i.exec(app.settings().meta.appURL || '');
  return match ? match[1].toLowerCase() : '';
}

const form = (fields) =>
  Object.keys(fields)
    .filter((k) => fields[k])
    .map((k) => `${encodeURIComponent(k)}=${encodeURIComponent(fields[k])}`)
    .join('&');

/**
 * Refuses the request unless its body's `turnstile_token` passes siteverify, when the site turned Turnstile on;
 * does nothing when it is off, for the operator, or for an `email` that passed in the last minutes. Each token is checked once: a replayed one comes back
 * timeout-or-duplicate. A token solved for another host is refused too.
 */
function requireHuman(e, email) {
  if (e.hasSuperuserAuth()) return;
  const secret = secretOf(e.app);
  if (!secret) return;
  if (passedRecently(email)) return;
  const token = String(e.requestInfo().body.turnstile_token || '');
  if (!token) throw new BadRequestError(refusalText('turnstileNeeded'));
  const { send } = require(`${__hooks}/platform/outbound/outbound.js`);
  const answer = send({
    url: verifyUrl(),
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: form({ secret, response: token, remoteip: e.realIP() }),
    timeoutSeconds: 10,
    maxBytes: 64 * 1024,
  });
  let verdict = null;
  try {
    verdict = answer.ok ? JSON.parse(answer.body) : null;
  } catch (_) {
    verdict = null;
  }
  if (!verdict) {
    e.app.logger().warn('Turnstile siteverify did not answer', 'status', answer.status, 'reason', answer.reason);
    throw new BadRequestError(refusalText('turnstileUnavailable'));
  }
  const host = siteHost(e.app);
  const wrongHost = verdict.success && host && verdict.hostname && String(verdict.hostname).toLowerCase() !== host;
  if (!verdict.success || wrongHost) {
    const codes = wrongHost ? ['hostname-mismatch'] : verdict['error-codes'] || [];
    e.app.logger().info('Turnstile refused a token', 'errorCodes', codes.join(','));
    throw new BadRequestError(refusalText('turnstileFailed'));
  }
  if (email) $app.store().set(passedKey(email), Date.now() + PASS_MS);
}

// An address that just passed (signing up, or asking for a code) may ask for its code again for a few minutes
// without another check: the sign-up form asks for the first code right after creating the account, and a
// token is good once. Emails per address stay limited (pb_hooks/platform/limits.js).
const PASS_MS = 10 * 60 * 1000;
const passedKey = (email) => `chorus:turnstile-passed:${String(email).trim().toLowerCase()}`;
function passedRecently(email) {
  if (!email) return false;
  const until = Number($app.store().get(passedKey(email)) || 0);
  if (until > Date.now()) return true;
  if (until) $app.store().remove(passedKey(email));
  return false;
}

/** Whether the site turned Turnstile on (both keys set). */
const turnstileOn = (app) => Boolean(secretOf(app));

module.exports = { requireHuman, turnstileOn, verifyUrl, SITEVERIFY };
