// Cache tags: what a cached page shows, named so a PocketBase write can purge exactly the pages it changes.
// pb_hooks/lib/edge-cache.js names the same tags from the write's side; keep the two in step.

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

interface BoardRef {
  id: string;
  slug: string;
}

/**
 * The tags of a public page, from its path and the boards its shell lists (undefined when the route
 * loads no shell); null when the edge may not cache it (its content would not be purged exactly).
 */
export function pageCacheTags(pathname: string, boards: readonly BoardRef[] | undefined): string[] | null {
  if (pathname === '/changelog' || pathname.startsWith('/changelog/')) return [SITE_TAG, CHANGELOG_TAG];
  if (pathname === '/robots.txt') return [SITE_TAG];
  if (!boards) return null;
  const allBoards = boards.map((b) => boardTag(b.id));
  if (pathname === '/') return [SITE_TAG, ...allBoards];
  if (pathname === '/roadmap') return [SITE_TAG, ROADMAP_TAG, ...allBoards];
  const board = /^\/b\/([^/]+)$/.exec(pathname);
  if (board) {
    const found = boards.find((b) => b.slug === decodeURIComponent(board[1] ?? ''));
    return found ? [SITE_TAG, boardTag(found.id)] : null;
  }
  const post = /^\/p\/([a-z0-9]{15})$/.exec(pathname);
  if (post?.[1]) return [SITE_TAG, postTag(post[1])];
  return null;
}
