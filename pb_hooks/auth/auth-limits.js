// Sign-in attempts per account (and client address) and emails per recipient (pb_hooks/auth/auth-limits.pb.js), counted in
// PocketBase's request events so a throttled answer says nothing about whether the account exists.
const { take, spend, forgive, remember, rememberedMark, rememberedSince } = require(`${__hooks}/platform/limits.js`);
const { translate, requestLocale } = require(`${__hooks}/platform/i18n.js`);

// An account's per-address counters carry when a sign-in last proved the owner, so clearing every address
// is one write, not a scan of the store: the older counters no longer count and expire by themselves.
const ACCOUNT_ADDRESS = (identity, address) => `${identity}|${rememberedMark('password-cleared', identity)}|${address}`;

/** Sign-in with a password, counted whether or not the identity names an account: per account from this
 * client address, and per account from everywhere unless the account signed in from this address before.
 * Past either, the answer is a 429 that says the real wait (in words, a `Retry-After` header and
 * `data.retry_after` in seconds). A sign-in to the account starts over (`rememberSignIn`). */
function countPasswordAttempt(e) {
  const identity = String(e.identity || '').toLowerCase();
  const address = e.realIP();
  const known = rememberedSince('known-address', `${identity}|${address}`) > 0;
  const wait = take('password', ACCOUNT_ADDRESS(identity, address)) || (known ? 0 : take('password-account', identity));
  if (wait) return refuseFor(e, wait);
  return e.next();
}

/** Answers 429 with the wait in the request's language, rounded up to whole minutes. */
function refuseFor(e, seconds) {
  const count = Math.ceil(seconds / 60);
  const message = translate(requestLocale(e), 'pbErrors', 'tooManyAttemptsWait', { count });
  // A record request event reaches the response only through its request event (e.response is undefined).
  (e.requestEvent || e).response.header().set('Retry-After', String(seconds));
  return e.json(429, { status: 429, code: 'tooManyAttemptsWait', message, data: { retry_after: seconds } });
}

/** A sign-in or a new password: the account's brake and this address's count start over, and the address
 * keeps its way in while strangers elsewhere are braked. A password proves nothing about other addresses,
 * so strangers there stay locked; an emailed code, OAuth2, SSO or a reset link (`everywhere`) proves the
 * owner, wherever they typed wrong passwords before, and clears every address's count. */
function rememberSignIn(record, address, everywhere) {
  const identity = record.email().toLowerCase();
  if (!identity) return;
  forgive('password-account', identity);
  if (everywhere) remember('password-cleared', identity);
  else forgive('password', ACCOUNT_ADDRESS(identity, address));
  if (address) remember('known-address', `${identity}|${address}`);
}

/** A sign-in code: PocketBase fires this for unknown addresses too (and answers them with a dummy id). */
function countCodeEmail(e) {
  spend('otp', e.requestInfo().body.email);
  return e.next();
}

/** An email-change link (signed-in members only). */
function countEmailChange(e) {
  spend('email-change', e.newEmail);
  return e.next();
}

/** A password reset or verification link: PocketBase fires these only for an existing account outside its
 * own 2-minute resend window, and answers every other request 204 without a word. Past the limit the
 * answer is that same silent 204, so it cannot tell an existing account from an unknown address. */
function countLinkEmail(kind, e) {
  try {
    spend(kind, e.record.email());
  } catch (error) {
    const api = error && (error.value || error);
    if (!api || api.status !== 429) throw error;
    return e.noContent(204);
  }
  return e.next();
}

module.exports = { countPasswordAttempt, rememberSignIn, countCodeEmail, countEmailChange, countLinkEmail };
