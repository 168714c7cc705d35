// GENERATED from src/contract/cache-tags.ts by `npm run contract`: edit that file, never this one.
const SITE_TAG = "site";
const ROADMAP_TAG = "roadmap";
const CHANGELOG_TAG = "changelog";
const boardTag = (boardId) => `board:${boardId}`;
const postTag = (postId) => `post:${postId}`;
const TAG_PATTERN = /^(site|roadmap|changelog|(board|post):[a-z0-9]{1,32})$/;
function isCacheTag(value) {
  return typeof value === "string" && TAG_PATTERN.test(value);
}
const SHELL_COLLECTIONS = ["site", "statuses", "tags"];
const VERSIONED_SHELL_COLLECTIONS = ["site", "statuses", "tags", "boards", "custom_fields"];
const VERSIONED_STAFF_COLLECTIONS = ["segments", "scoring", "tracker_connections"];
const COUNTER_FIELDS = ["vote_count", "comment_count", "trending_score", "updated"];
module.exports = { CHANGELOG_TAG, COUNTER_FIELDS, ROADMAP_TAG, SHELL_COLLECTIONS, SITE_TAG, VERSIONED_SHELL_COLLECTIONS, VERSIONED_STAFF_COLLECTIONS, boardTag, isCacheTag, postTag };
