// GENERATED from src/contract/cache-tags.ts by `npm run contract`: edit that file, never this one.
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
var cache_tags_exports = {};
__export(cache_tags_exports, {
  CHANGELOG_TAG: () => CHANGELOG_TAG,
  COUNTER_FIELDS: () => COUNTER_FIELDS,
  ROADMAP_TAG: () => ROADMAP_TAG,
  SHELL_COLLECTIONS: () => SHELL_COLLECTIONS,
  SITE_TAG: () => SITE_TAG,
  boardTag: () => boardTag,
  isCacheTag: () => isCacheTag,
  postTag: () => postTag
});
module.exports = __toCommonJS(cache_tags_exports);
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
const COUNTER_FIELDS = ["vote_count", "comment_count", "trending_score", "updated"];
