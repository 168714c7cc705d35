// Finds or creates the member an identify token describes. The app's user id (`external_id`) is the
// link; an account found by email is linked only when no other app user id owns it, it is not staff and it
// is no API key's service member. An unverified account found by email may be a stranger's pre-registration
// of the customer's address: it is taken over clean (password reset, sessions ended, every way back in removed).
// The token's avatar is kept as a URL (`avatar_url`) that browsers load; nothing fetches it here.
const { SsoRefusal } = require(`${__hooks}/sso/sso.js`);
const { toAvatarUrl } = require(`${__hooks}/sso/sso-avatar.js`);
const { firstRecordOrNull } = require(`${__hooks}/platform/records.js`);

/** Per-member records that let whoever made them sign in again (collection, field naming the member). */
const SIGN_IN_ROWS = [
  { collection: 'passkeys', field: 'user' },
  { collection: 'passkey_challenges', field: 'user' },
];
/** What whoever held the unconfirmed account did in the customer's name: votes and reactions (held, never
 * counted, until the email is confirmed: confirming it by single sign-on must not count them) and follows.
 * Votes staff cast on the member's behalf stay. */
const STRANGERS_ROWS = [
  { collection: 'votes', filter: "user = {:id} && on_behalf_by = ''" },
  { collection: 'reactions', filter: 'user = {:id}' },
  { collection: 'subscriptions', filter: 'user = {:id}' },
];

const findOne = (app, filter, params) => firstRecordOrNull(app, 'users', filter, params);

function deleteAll(app, records) {
  for (const record of records) app.delete(record);
}

/** Ends everything a stranger could have set up on an unverified account: sessions, password, passkeys,
 * pending codes, linked OAuth2 identities, the picture they chose, and the votes, reactions and follows they
 * made in the customer's name. */
function takeOverUnverified(app, user) {
  user.setRandomPassword();
  user.refreshTokenKey();
  user.set('avatar', null);
  for (const { collection, field } of SIGN_IN_ROWS) {
    deleteAll(app, app.findRecordsByFilter(collection, `${field} = {:id}`, '', 0, 0, { id: user.id }));
  }
  deleteAll(app, app.findAllExternalAuthsByRecord(user));
  deleteAll(app, app.findAllOTPsByRecord(user));
  deleteAll(app, app.findAllMFAsByRecord(user));
  deleteAll(app, app.findAllAuthOriginsByRecord(user));
  for (const { collection, filter } of STRANGERS_ROWS) {
    deleteAll(app, app.findRecordsByFilter(collection, filter, '', 0, 0, { id: user.id }));
  }
  app.logger().warn('SSO took over an unverified account', 'member', user.id);
}

module.exports.linkMember = (app, person) => {
  let user = findOne(app, 'external_id = {:id}', { id: person.externalId });
  const byEmail = findOne(app, 'email = {:email}', { email: person.email });
  if (byEmail && user && byEmail.id !== user.id) throw new SsoRefusal('email_taken', 409, person.email);
  if (!user && byEmail) {
    if (byEmail.getString('external_id') || byEmail.getString('api_key')) {
      throw new SsoRefusal('email_taken', 409, person.email);
    }
    user = byEmail;
  }
  if (user && require(`${__hooks}/platform/access.js`).hasStaffRole(user))
    throw new SsoRefusal('staff_account', 403, user.id);
  if (!user) {
    user = new Record(app.findCachedCollectionByNameOrId('users'));
    user.setRandomPassword();
    user.set('role', 'member');
    user.set('blocked', false);
  } else if (!user.verified()) {
    takeOverUnverified(app, user);
  }
  user.set('external_id', person.externalId);
  user.setEmail(person.email);
  user.setVerified(true);
  // The one door (platform/door.js): no way in takes a staff member's name; the app's name falls back to the address's.
  if (person.name)
    user.set(
      'name',
      require(`${__hooks}/platform/door.js`).nameFor(app, person.name, person.email.split('@')[0], user.id),
    );
  // The app is the authority on the picture, as on the name; an uploaded avatar is shown before it.
  const avatarUrl = toAvatarUrl(person.avatar);
  if (avatarUrl) user.set('avatar_url', avatarUrl);
  app.save(user);
  return user;
};
