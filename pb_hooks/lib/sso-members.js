// Finds or creates the member an identify token describes. The app's user id (`external_id`) is the
// link; an account found by email is linked only when no other app user id owns it and it is not staff.
// A member without an avatar gets the one at the token's avatar URL.
const { SsoRefusal } = require(`${__hooks}/lib/sso.js`);

function findOne(app, filter, params) {
  try {
    return app.findFirstRecordByFilter('users', filter, params);
  } catch {
    return null;
  }
}

function isStaffRecord(user) {
  const role = user.getString('role');
  return role === 'moderator' || role === 'admin';
}

module.exports.linkMember = (app, person) => {
  let user = findOne(app, 'external_id = {:id}', { id: person.externalId });
  const byEmail = findOne(app, 'email = {:email}', { email: person.email });
  if (byEmail && user && byEmail.id !== user.id) throw new SsoRefusal('email_taken', 409, person.email);
  if (!user && byEmail) {
    if (byEmail.getString('external_id')) throw new SsoRefusal('email_taken', 409, person.email);
    user = byEmail;
  }
  if (user && isStaffRecord(user)) throw new SsoRefusal('staff_account', 403, user.id);
  if (!user) {
    user = new Record(app.findCollectionByNameOrId('users'));
    user.setRandomPassword();
    user.set('role', 'member');
    user.set('blocked', false);
  }
  user.set('external_id', person.externalId);
  user.setEmail(person.email);
  user.setVerified(true);
  if (person.name) user.set('name', person.name);
  const attached = person.avatar && !user.getString('avatar') && attachAvatar(app, user, person.avatar);
  try {
    app.save(user);
  } catch (error) {
    // An avatar that is not an acceptable image must not stop the sign-in.
    if (!attached) throw error;
    app.logger().warn('SSO avatar refused', 'url', person.avatar, 'error', String(error));
    user.set('avatar', null);
    app.save(user);
  }
  return user;
};

// The app's avatar URL becomes the member's avatar once (members may change it afterwards).
function attachAvatar(app, user, url) {
  try {
    user.set('avatar', $filesystem.fileFromURL(url, 5));
    return true;
  } catch (error) {
    app.logger().warn('SSO avatar not fetched', 'url', url, 'error', String(error));
    return false;
  }
}
