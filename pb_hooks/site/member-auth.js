// A member's sign-in and token refresh, answered through one hook (site/member-auth.pb.js): each browser session
// refresh asks for the member's own state (src/stores/own-state.ts), and each hook registered apart was its own call
// into a hooks runtime (five of them, and PocketBase's CPU for a refresh with them). Each check stays its own
// module's; this only runs them, in the order they were registered in before.
const { refusalText } = require(`${__hooks}/platform/refusals.js`);

/** onRecordAuthRequest for users: refusals first, then the browser's refresh's own state, then PocketBase's answer. */
function answerMemberAuth(e) {
  // An erased account is refused whatever way in is tried (its email, password and identities are gone; this holds
  // even against a leftover one).
  if (require(`${__hooks}/account/erasure.js`).isErased(e.record)) {
    throw new BadRequestError(refusalText('accountDeleted'));
  }
  require(`${__hooks}/passkeys/passkeys.js`).guardStaffPasskeys(e);
  require(`${__hooks}/site/audience.js`).refusePrincipalSignIn(e);
  require(`${__hooks}/site/own-state.js`).nameOwnState(e);
  e.next();
  rememberSignIn(e);
}

/** After any account's way in (a refresh has no method): its sign-in limits start over (auth/auth-limits.js). */
function rememberSignIn(e) {
  if (e.authMethod) {
    require(`${__hooks}/auth/auth-limits.js`).rememberSignIn(e.record, e.realIP(), e.authMethod !== 'password');
  }
}

module.exports = { answerMemberAuth, rememberSignIn };
