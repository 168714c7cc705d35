// GENERATED from src/contract/access.ts by `npm run contract`: edit that file, never this one.
var __defProp = Object.defineProperty;
var __getOwnPropDesc = Object.getOwnPropertyDescriptor;
var __getOwnPropNames = Object.getOwnPropertyNames;
var __hasOwnProp = Object.prototype.hasOwnProperty;
var __export = (target, all) => {
  for (var name in all)
    __defProp(target, name, { get: all[name], enumerable: true });
};
var __copyProps = (to, from, except, desc) => {
  if (from && typeof from === "object" || typeof from === "function") {
    for (let key of __getOwnPropNames(from))
      if (!__hasOwnProp.call(to, key) && key !== except)
        __defProp(to, key, { get: () => from[key], enumerable: !(desc = __getOwnPropDesc(from, key)) || desc.enumerable });
  }
  return to;
};
var __toCommonJS = (mod) => __copyProps(__defProp({}, "__esModule", { value: true }), mod);
var access_exports = {};
__export(access_exports, {
  STAFF_ROLES: () => STAFF_ROLES,
  canEditIdea: () => canEditIdea,
  hasStaffRole: () => hasStaffRole,
  isActiveMember: () => isActiveMember,
  isAdmin: () => isAdmin,
  isStaff: () => isStaff,
  whyCannotEditIdea: () => whyCannotEditIdea
});
module.exports = __toCommonJS(access_exports);
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
