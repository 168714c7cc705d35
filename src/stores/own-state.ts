// The member's own state for this page in the session's one refresh (issue 59, src/contract/own-state.ts): every
// vote of theirs, the bell's count and their follow of the idea the page shows arrive with the refresh their session
// makes anyway, and the stores that keep them start from it; a store asks for its own part only when it is not there
// (nobody signed in at first, another member's session, a refresh that failed) and on reconnecting.
import { isIdeaId, OWN_META, OWN_QUERY, type OwnState } from '../contract/own-state';
import { refreshSession } from '../lib/pb/session-refresh';
import { getClient } from './client';

let first: Promise<OwnState | null> | undefined;

/** The page's one session refresh (whichever store asks first starts it), and the own state it answered. */
export function refreshOnce(): Promise<OwnState | null> {
  // The idea the page shows, by its address (/p/<id>…, in the widget's panel /embed/p/<id>…): their follow comes too.
  const named = /^(?:\/embed)?\/p\/([^/]+)/.exec(globalThis.location?.pathname ?? '')?.[1];
  const idea = isIdeaId(named) ? named : '';
  first ??= refreshSession(getClient(), { [OWN_QUERY]: idea }).then((meta) => (meta?.[OWN_META] as OwnState) ?? null);
  return first;
}

/** The refresh's own state if it is `userId`'s, else null. */
export const ownStateOf = (userId: string): Promise<OwnState | null> =>
  refreshOnce().then((own) => (own?.user === userId ? own : null));
