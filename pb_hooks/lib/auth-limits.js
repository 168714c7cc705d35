// Sign-in attempts per account and emails per recipient (pb_hooks/auth-limits.pb.js), counted in
// PocketBase's request events so a throttled answer says nothing about whether the account exists.
const { spend, forgive } = require(`${__hooks}/lib/limits.js`);

/** Sign-in with a password: counted whether or not the identity names an account; a success starts over. */
function countPasswordAttempt(e) {
  const identity = String(e.identity || '');
  spend('password', identity);
  e.next();
  forgive('password', identity);
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

module.exports = { countPasswordAttempt, countCodeEmail, countEmailChange, countLinkEmail };
