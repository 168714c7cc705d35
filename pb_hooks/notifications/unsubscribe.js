// Signed, sign-in-free unsubscribe tokens: "turn off emails of this preference for this member" (or "stop
// this alert rule's emails to me"). Signed with the member's token key, so changing the password
// invalidates old links. Each kind of email has a frequency (instant, daily, weekly, off: digests, see
// notifications/digests.js); the old on/off switches (email_on_…) stay in step with it (pb_hooks/account/preferences.pb.js).
const PREFERENCES = ['email_on_comment', 'email_on_status', 'email_on_release'];
const PREFERENCE_OF_KIND = {
  comment: 'email_on_comment',
  mention: 'email_on_comment', // being named in a comment: comment news
  status: 'email_on_status',
  response: 'email_on_status',
  merge: 'email_on_status',
  release: 'email_on_release',
  eta: 'email_on_status',
  question: 'email_on_status', // staff asking about an idea you follow: news about that idea
};
const FREQUENCIES = ['instant', 'daily', 'weekly', 'off'];
// The hidden select field holding each preference's frequency.
const FREQUENCY_OF = {
  email_on_comment: 'comment_emails',
  email_on_status: 'status_emails',
  email_on_release: 'release_emails',
};
const ALERT = 'alert'; // an alert rule's emails to one staff recipient (the token names the rule)
const DIGESTS = ['daily', 'weekly']; // a digest's link: every kind the member gets at that frequency
const YEAR = 365 * 24 * 3600;

function signingKey(user) {
  return `${user.tokenKey()}${user.collection().authToken.secret}unsubscribe`;
}

function createUnsubscribeToken(user, preference, rule = '') {
  const claims = { type: 'unsubscribe', id: user.id, preference };
  if (preference === ALERT) claims.rule = rule;
  return $security.createJWT(claims, signingKey(user), YEAR);
}

// Returns { user, preference, rule } or throws when the token is not genuine.
function readUnsubscribeToken(app, token) {
  const claims = $security.parseUnverifiedJWT(token);
  const known =
    PREFERENCES.includes(claims.preference) ||
    DIGESTS.includes(claims.preference) ||
    (claims.preference === ALERT && claims.rule);
  if (claims.type !== 'unsubscribe' || !known) throw new Error('bad token');
  const user = app.findRecordById('users', String(claims.id));
  $security.parseJWT(token, signingKey(user));
  return { user, preference: claims.preference, rule: String(claims.rule || '') };
}

/** How often `user` gets emails of `preference` ('off' when the member turned them off). */
function frequencyOf(user, preference) {
  const frequency = user.getString(FREQUENCY_OF[preference]);
  if (FREQUENCIES.includes(frequency)) return frequency;
  return user.getBool(preference) ? 'instant' : 'off';
}

/** Turns off what a genuine token names, in `app` (a transaction's app when inside one). */
function applyUnsubscribe(app, found) {
  if (found.preference === ALERT) {
    const rule = app.findRecordById('alert_rules', found.rule);
    rule.set(
      'recipients',
      rule.getStringSlice('recipients').filter((id) => id !== found.user.id),
    );
    app.save(rule);
    return;
  }
  const turnedOff = DIGESTS.includes(found.preference)
    ? PREFERENCES.filter((name) => frequencyOf(found.user, name) === found.preference)
    : [found.preference];
  for (const name of turnedOff) found.user.set(FREQUENCY_OF[name], 'off');
  app.save(found.user);
}

module.exports = {
  PREFERENCES,
  PREFERENCE_OF_KIND,
  FREQUENCIES,
  FREQUENCY_OF,
  ALERT,
  createUnsubscribeToken,
  readUnsubscribeToken,
  frequencyOf,
  applyUnsubscribe,
};
