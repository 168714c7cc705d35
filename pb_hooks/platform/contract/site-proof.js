// GENERATED from src/contract/site-proof.ts by `npm run contract`: edit that file, never this one.
const PROOF_PURPOSES = ["passkeys", "trackers", "email", "audience"];
const proofKeyLabel = (purpose) => `chorus-${purpose}-proof`;
const proofAudience = (purpose) => `chorus-${purpose}`;
const PROOF_LIFETIME_SECONDS = 60;
const PROOF_MAX_SECONDS = 120;
module.exports = { PROOF_LIFETIME_SECONDS, PROOF_MAX_SECONDS, PROOF_PURPOSES, proofAudience, proofKeyLabel };
