// An idea's comments a page at a time, the sizes both runtimes share (no imports): PocketBase's route
// (pb_hooks/comments/comment-pages.js) and the idea page and its catch-ups (src/features/comments).

/** How many comments the idea page shows at first, and each "Show more comments" adds: the route's default. */
export const COMMENTS_PAGE = 100;
/** The most comments one answer holds: a larger `limit` is lowered to it. */
export const COMMENTS_MOST = 1000;
