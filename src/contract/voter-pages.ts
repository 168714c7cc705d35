// An idea's voters a page at a time, the sizes both runtimes share (no imports): PocketBase's voters and idea page
// routes (pb_hooks/votes/voters.pb.js, pb_hooks/ideas/idea-page.js) and the idea page (src/features/ideas).

/** How many voters the idea page shows: both routes' first page when none is asked for. */
export const VOTERS_PAGE = 50;
/** The most voters one answer holds: a larger page is lowered to it. */
export const VOTERS_MOST = 500;
