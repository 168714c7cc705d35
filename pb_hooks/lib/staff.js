// Guards for Chorus's own routes: the signed-in member behind a request, when they are active staff.
function activeUser(e) {
  if (e.auth?.collection().name !== 'users') throw new UnauthorizedError('Sign in first.');
  if (e.auth.getBool('blocked')) throw new ForbiddenError('Your account is blocked.');
  return e.auth;
}

module.exports.requireStaff = (e) => {
  const user = activeUser(e);
  const role = user.getString('role');
  if (role !== 'moderator' && role !== 'admin') throw new ForbiddenError('Only staff can do this.');
  return user;
};

module.exports.requireAdmin = (e) => {
  if (e.hasSuperuserAuth()) return null;
  const user = activeUser(e);
  if (user.getString('role') !== 'admin') throw new ForbiddenError('Only admins can do this.');
  return user;
};

// Who did a write, as the request hooks recorded it on the record (custom data, never saved).
module.exports.actorOf = (record) => String(record.get('chorus_actor') || '');
module.exports.recordActor = (e) => {
  e.record.set('chorus_actor', e.auth?.collection().name === 'users' ? e.auth.id : '');
};
