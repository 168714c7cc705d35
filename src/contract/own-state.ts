// A member's own state on the page they opened, written once for both runtimes (no imports; issue 59): the browser's
// one session refresh asks for it (src/stores/own-state.ts) and PocketBase answers it in that refresh's `meta`
// (pb_hooks/site/own-state.js), so a member's cached page learns their votes on the ideas it shows, the bell's count
// and their follow of the idea in the request their session already makes, not in three more. An idea shown later
// (a live card, a search) has its vote read by GET /api/chorus/own-votes?posts= (pb_hooks/votes/own-votes.pb.js).

/** The refresh's query parameter that asks for it: the idea the page shows (its id), or '' for none. */
export const OWN_QUERY = 'own';
/** Where the refresh's `meta` answers it. */
export const OWN_META = 'own';
/** The refresh's query parameter naming the ideas the page shows (ids, comma-separated): their votes come. */
export const OWN_POSTS_QUERY = 'ownPosts';
/** The most ideas one ask names (the refresh's or the route's): a page shows at most 50; the rest are left out. A
 * member's votes are never all read at once: one who voted on every idea of a large board costs a page what anyone
 * costs. */
export const OWN_POSTS_MOST = 100;

/** A vote of the member's as the page keeps it (the fields the votes list answers). */
export interface OwnVote {
  id: string;
  post: string;
  counted: boolean;
}

/** The member's own state: their votes on the ideas `posts` names (those asked for, as read: the others have none),
 * their unread notifications, and their follow of `post` (the subscription's id, or null) when the page named an
 * idea. */
export interface OwnState {
  user: string;
  posts: string[];
  votes: OwnVote[];
  unread: number;
  post: string;
  follow: string | null;
}

/** An idea's id as the refresh accepts it (anything else names no idea). */
export const isIdeaId = (value: unknown): value is string => typeof value === 'string' && /^[a-z0-9]{15}$/.test(value);

/** The ideas' ids `value` names (comma-separated): ideas' ids only, each once, the first OWN_POSTS_MOST. */
export function ideaIdsIn(value: unknown): string[] {
  if (typeof value !== 'string') return [];
  const ids = new Set<string>();
  for (const part of value.split(',')) {
    if (ids.size >= OWN_POSTS_MOST) break;
    if (isIdeaId(part)) ids.add(part);
  }
  return [...ids];
}
