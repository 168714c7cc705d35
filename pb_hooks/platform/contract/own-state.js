// GENERATED from src/contract/own-state.ts by `npm run contract`: edit that file, never this one.
const OWN_QUERY = "own";
const OWN_META = "own";
const OWN_POSTS_QUERY = "ownPosts";
const OWN_POSTS_MOST = 100;
const isIdeaId = (value) => typeof value === "string" && /^[a-z0-9]{15}$/.test(value);
function ideaIdsIn(value) {
  if (typeof value !== "string") return [];
  const ids = /* @__PURE__ */ new Set();
  for (const part of value.split(",")) {
    if (ids.size >= OWN_POSTS_MOST) break;
    if (isIdeaId(part)) ids.add(part);
  }
  return [...ids];
}
module.exports = { OWN_META, OWN_POSTS_MOST, OWN_POSTS_QUERY, OWN_QUERY, ideaIdsIn, isIdeaId };
