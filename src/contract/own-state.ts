// A member's own state on the page they opened, written once for both runtimes (no imports; issue 59): the browser's
// one session refresh asks for it (src/stores/own-state.ts) and PocketBase answers it in that refresh's `meta`
// (pb_hooks/site/own-state.js), so a member's cached page learns their votes, the bell's count and their follow of
// the idea in the request their session already makes, not in three more.

/** The refresh's query parameter that asks for it: the idea the page shows (its id), or '' for none. */
export const OWN_QUERY = 'own';
/** Where the refresh's `meta` answers it. */
export const OWN_META = 'own';

/** A vote of the member's as the page keeps it (the fields the votes list answers). */
export interface OwnVote {
  id: string;
  post: string;
  counted: boolean;
}

/** The member's own state: every vote of theirs, their unread notifications, and their follow of `post` (the
 * subscription's id, or null) when the page named an idea. */
export interface OwnState {
  user: string;
  votes: OwnVote[];
  unread: number;
  post: string;
  follow: string | null;
}

/** An idea's id as the refresh accepts it (anything else names no idea). */
export const isIdeaId = (value: unknown): value is string => typeof value === 'string' && /^[a-z0-9]{15}$/.test(value);
