// GENERATED from src/contract/site-proof.ts by `npm run contract`: edit that file, never this one.
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
var site_proof_exports = {};
__export(site_proof_exports, {
  PROOF_LIFETIME_SECONDS: () => PROOF_LIFETIME_SECONDS,
  PROOF_MAX_SECONDS: () => PROOF_MAX_SECONDS,
  PROOF_PURPOSES: () => PROOF_PURPOSES,
  proofAudience: () => proofAudience,
  proofKeyLabel: () => proofKeyLabel
});
module.exports = __toCommonJS(site_proof_exports);
const PROOF_PURPOSES = ["passkeys", "trackers"];
const proofKeyLabel = (purpose) => `chorus-${purpose}-proof`;
const proofAudience = (purpose) => `chorus-${purpose}`;
const PROOF_LIFETIME_SECONDS = 60;
const PROOF_MAX_SECONDS = 120;
