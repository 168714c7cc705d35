// Cache tags: what a cached page shows (the contract's names, src/contract/cache-tags.ts, which PocketBase's hooks
// name from the write's side), and which tags each public page carries.
import { boardTag, CHANGELOG_TAG, postTag, ROADMAP_TAG, SITE_TAG } from '../../contract/cache-tags';

export { boardTag, CHANGELOG_TAG, isCacheTag, postTag, ROADMAP_TAG, SITE_TAG } from '../../contract/cache-tags';

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
