// GENERATED from src/contract/voter-pages.ts by `npm run contract`: edit that file, never this one.
const VOTERS_PAGE = 50;
const VOTERS_MOST = 500;
module.exports = { VOTERS_MOST, VOTERS_PAGE };
