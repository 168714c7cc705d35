// GENERATED from src/contract/own-state.ts by `npm run contract`: edit that file, never this one.
const OWN_QUERY = "own";
const OWN_META = "own";
const isIdeaId = (value) => typeof value === "string" && /^[a-z0-9]{15}$/.test(value);
module.exports = { OWN_META, OWN_QUERY, isIdeaId };
