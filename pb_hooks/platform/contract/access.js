// GENERATED from src/contract/access.ts by `npm run contract`: edit that file, never this one.
const STAFF_ROLES = ["moderator", "admin"];
function isActiveMember(user) {
  return Boolean(user) && !user?.blocked;
}
function hasStaffRole(user) {
  return STAFF_ROLES.includes(user?.role ?? "");
}
function isStaff(user) {
  return isActiveMember(user) && hasStaffRole(user);
}
function isAdmin(user) {
  return isActiveMember(user) && user?.role === "admin";
}
function whyCannotEditIdea(user, idea) {
  if (!user || idea.author !== user.id) return "notAuthor";
  if (user.blocked) return "blocked";
  if (idea.locked) return "locked";
  if (idea.closed) return "closed";
  return null;
}
function canEditIdea(user, idea) {
  return whyCannotEditIdea(user, idea) === null;
}
module.exports = { STAFF_ROLES, canEditIdea, hasStaffRole, isActiveMember, isAdmin, isStaff, whyCannotEditIdea };
