// A vote a signed-out person started: kept across the sign-in detour (this tab only, a few minutes) and
// cast once when they are back, signed in, on the page where they clicked (the site's and the panel's).
import { readSession, writeSession } from '../../lib/frame-state';
import { PENDING_VOTE_KEY as KEY } from './pending-vote-key';

/** Longer than any sign-in (an emailed code included); a vote found later is dropped, not cast. */
const KEEP_MS = 15 * 60_000;

/** The page (path and query) the person clicked on, which the sign-in's `next` comes back to. */
const here = () => location.pathname + location.search;

export function rememberPendingVote(postId: string): void {
  if (typeof location !== 'undefined') writeSession(KEY, JSON.stringify([postId, here(), Date.now()]));
}

/** The idea to vote for on this page, at most once: taking it forgets it. */
export function takePendingVote(): string | null {
  let pending: unknown;
  try {
    pending = JSON.parse(readSession(KEY) ?? 'null');
  } catch {
    // Unreadable: nothing pending.
  }
  if (!Array.isArray(pending) || pending[1] !== here()) return null;
  writeSession(KEY, null);
  const [postId, , at] = pending;
  return typeof postId === 'string' && Date.now() - at < KEEP_MS ? postId : null;
}
