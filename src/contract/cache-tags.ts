// Cache tags, written once for both runtimes (no imports): what a cached page shows, named so a PocketBase write can
// purge exactly the pages it changes. The Worker tags pages (src/lib/edge-cache/tags.ts), PocketBase's hooks name
// the tags a write changes (pb_hooks/platform/edge/edge-cache.js).

/** Every page's shell: the site record, the boards navigation, statuses and tags. */
export const SITE_TAG = 'site';
export const ROADMAP_TAG = 'roadmap';
export const CHANGELOG_TAG = 'changelog';
/** The lists of a board's ideas (a board page, the home page, the roadmap, the sitemap). */
export const boardTag = (boardId: string) => `board:${boardId}`;
/** One idea's own page: its body, status, votes and comments. */
export const postTag = (postId: string) => `post:${postId}`;

const TAG_PATTERN = /^(site|roadmap|changelog|(board|post):[a-z0-9]{1,32})$/;

export function isCacheTag(value: unknown): value is string {
  return typeof value === 'string' && TAG_PATTERN.test(value);
}

/** Collections every page's shell shows: a write to one purges the site tag. */
export const SHELL_COLLECTIONS = ['site', 'statuses', 'tags'];
/** The collections whose writes rename the shell's version (SHELL_VERSION_META, src/contract/audience.ts), and
 * staff's. */
export const VERSIONED_SHELL_COLLECTIONS = ['site', 'statuses', 'tags', 'boards', 'custom_fields'];
export const VERSIONED_STAFF_COLLECTIONS = ['segments', 'scoring', 'tracker_connections'];
/** The server-owned numbers of an idea, which open pages follow live: a change to these alone purges nothing. */
export const COUNTER_FIELDS = ['vote_count', 'comment_count', 'trending_score', 'updated'];
