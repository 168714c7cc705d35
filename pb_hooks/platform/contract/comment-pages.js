// GENERATED from src/contract/comment-pages.ts by `npm run contract`: edit that file, never this one.
const COMMENTS_PAGE = 100;
const COMMENTS_MOST = 1e3;
module.exports = { COMMENTS_MOST, COMMENTS_PAGE };
