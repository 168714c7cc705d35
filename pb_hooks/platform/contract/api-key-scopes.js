// GENERATED from src/contract/api-key-scopes.ts by `npm run contract`: edit that file, never this one.
const API_KEY_SCOPES = {
  read: { role: "member", blocked: true },
  member: { role: "member", blocked: false },
  staff: { role: "moderator", blocked: false }
};
const KEY_SCOPES = Object.keys(API_KEY_SCOPES);
function scopeAllows(have, need) {
  return KEY_SCOPES.indexOf(have) >= KEY_SCOPES.indexOf(need);
}
module.exports = { API_KEY_SCOPES, KEY_SCOPES, scopeAllows };
