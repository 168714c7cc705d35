// Signed, sign-in-free unsubscribe tokens: "turn off emails of this preference for this member".
// Signed with the member's token key, so changing the password invalidates old links.
const PREFERENCES = ['email_on_comment', 'email_on_status', 'email_on_release'];
const PREFERENCE_OF_KIND = {
  comment: 'email_on_comment',
  status: 'email_on_status',
  response: 'email_on_status',
  merge: 'email_on_status',
  release: 'email_on_release',
  eta: 'email_on_status',
  question: 'email_on_status', // staff asking about an idea you follow: news about that idea
  mention: 'email_on_comment', // someone named you in a comment: comment emails
};
const YEAR = 365 * 24 * 3600;

function signingKey(user) {
  return `${user.tokenKey()}${user.collection().authToken.secret}unsubscribe`;
}

function createUnsubscribeToken(user, preference) {
  return $security.createJWT({ type: 'unsubscribe', id: user.id, preference }, signingKey(user), YEAR);
}

// Returns { user, preference } or throws when the token is not genuine.
function readUnsubscribeToken(app, token) {
  const claims = $security.parseUnverifiedJWT(token);
  if (claims.type !== 'unsubscribe' || !PREFERENCES.includes(claims.preference)) throw new Error('bad token');
  const user = app.findRecordById('users', String(claims.id));
  $security.parseJWT(token, signingKey(user));
  return { user, preference: claims.preference };
}

module.exports = { PREFERENCES, PREFERENCE_OF_KIND, createUnsubscribeToken, readUnsubscribeToken };
