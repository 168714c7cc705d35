// GENERATED from src/contract/api-key-scopes.ts by `npm run contract`: edit that file, never this one.
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
var api_key_scopes_exports = {};
__export(api_key_scopes_exports, {
  API_KEY_SCOPES: () => API_KEY_SCOPES,
  KEY_SCOPES: () => KEY_SCOPES,
  scopeAllows: () => scopeAllows
});
module.exports = __toCommonJS(api_key_scopes_exports);
const API_KEY_SCOPES = {
  read: { role: "member", blocked: true },
  member: { role: "member", blocked: false },
  staff: { role: "moderator", blocked: false }
};
const KEY_SCOPES = Object.keys(API_KEY_SCOPES);
function scopeAllows(have, need) {
  return KEY_SCOPES.indexOf(have) >= KEY_SCOPES.indexOf(need);
}
