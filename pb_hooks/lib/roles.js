// Who counts as staff for a request: moderators, admins, and the operator's superusers.
module.exports.isStaff = (e) => {
  if (e.hasSuperuserAuth()) return true;
  const role = e.auth?.getString('role');
  return role === 'moderator' || role === 'admin';
};
