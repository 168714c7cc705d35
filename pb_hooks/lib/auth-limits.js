// Sign-in attempts per account and emails per recipient, counted before PocketBase looks the address up,
// so a throttled answer says nothing about whether the account exists.
const { spend, forgive } = require(`${__hooks}/lib/limits.js`);

const EMAIL_ACTIONS = ['otp', 'password-reset', 'verification', 'email-change'];

/** Runs the rest of the request `e` unless its account or recipient has spent its attempts. */
function countAuthAttempt(e) {
  const match = e.request.url.path.match(/^\/api\/collections\/[^/]+\/(auth-with-password|request-([a-z-]+))$/);
  const kind = match ? match[2] : null;
  if (!match || (match[1] !== 'auth-with-password' && EMAIL_ACTIONS.indexOf(kind) === -1)) return e.next();
  const body = e.requestInfo().body;
  if (match[1] === 'auth-with-password') {
    const identity = String(body.identity || '');
    spend('password', identity);
    e.next();
    forgive('password', identity);
    return;
  }
  spend(kind, kind === 'email-change' ? body.newEmail : body.email);
  return e.next();
}

module.exports = { countAuthAttempt };
