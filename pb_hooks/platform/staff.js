// Guards for Chorus's own routes: the signed-in member behind a request, when they may act (see access.js).
const { refusalText } = require(`${__hooks}/platform/refusals.js`);
const { memberOf, isActiveStaffUser } = require(`${__hooks}/platform/access.js`);

function activeUser(e) {
  const user = memberOf(e);
  if (!user) throw new UnauthorizedError(refusalText('signInFirst'));
  if (user.getString('api_key')) {
    // an API key's service member: its own limit, and a read key is told it only reads
    const keys = require(`${__hooks}/api-keys/api-keys.js`);
    keys.spendKeyRequest(e);
    keys.refuseReadOnlyKey(e);
  }
  if (user.getBool('blocked')) throw new ForbiddenError(refusalText('accountBlocked'));
  return user;
}

module.exports.requireActiveMember = activeUser;

module.exports.requireStaff = (e) => {
  const user = activeUser(e);
  if (!isActiveStaffUser(user)) throw new ForbiddenError(refusalText('staffOnly'));
  return user;
};

/** A staff action on the idea the route's `{id}` names: the staff member, and the idea, which they may see (else 404). */
module.exports.staffOnIdea = (e) => {
  const staff = module.exports.requireStaff(e);
  const post = require(`${__hooks}/platform/posts.js`).findVisiblePost(e, e.request.pathValue('id'));
  return { staff, post };
};

module.exports.requireAdmin = (e) => {
  if (e.hasSuperuserAuth()) return null;
  const user = activeUser(e);
  if (user.getString('role') !== 'admin') throw new ForbiddenError(refusalText('adminsOnly'));
  return user;
};

// Who did a write, as the request hooks recorded it on the record (custom data, never saved).
module.exports.actorOf = (record) =>
  String(record.get(require(`${__hooks}/platform/contract/hook-hand-offs.js`).ACTOR_MARK) || '');
module.exports.recordActor = (e) => {
  const user = memberOf(e);
  e.record.set(require(`${__hooks}/platform/contract/hook-hand-offs.js`).ACTOR_MARK, user ? user.id : '');
};
