// The member's own state for this page in the session's one refresh (issue 59, src/contract/own-state.ts): their votes
// on the ideas the page shows, the bell's count and their follow of the idea the page shows arrive with the refresh
// their session makes anyway, and the stores that keep them start from it; a store asks for its own part only when it
// is not there (nobody signed in at first, another member's session, a refresh that failed, an idea shown after it)
// and on reconnecting.
import { OWN_META, OWN_POSTS_QUERY, OWN_QUERY, type OwnState } from '../contract/own-state';
import { refreshSession } from '../lib/pb/session-refresh';
import { getClient } from './client';

let first: Promise<OwnState | null> | undefined;

/** The page's one session refresh (whichever store asks first starts it: the page is parsed by then), and the own
 * state it answered: their votes on the idea the page shows and the ideas its server rendered (list cards and the
 * idea page: live-card.ts's data-post), as many as PocketBase reads (OWN_POSTS_MOST, the first named; it leaves out
 * what names no idea, and says which it read). An idea shown later has its vote read on its own (votes.ts). */
export function refreshOnce(): Promise<OwnState | null> {
  // The idea the page shows, by its address (/p/<id>…, in the widget's panel /embed/p/<id>…): their follow comes too.
  const idea = /^(?:\/embed)?\/p\/([a-z0-9]{15})\/?$/.exec(globalThis.location?.pathname ?? '')?.[1] ?? '';
  const rendered = globalThis.document?.querySelectorAll<HTMLElement>('[data-post]') ?? [];
  const ideas = [idea, ...[...rendered].map((element) => element.dataset.post)].join(',');
  first ??= refreshSession(getClient(), { [OWN_QUERY]: idea, [OWN_POSTS_QUERY]: ideas }).then(
    (meta) => (meta?.[OWN_META] as OwnState) ?? null,
  );
  return first;
}

/** The refresh's own state if it is `userId`'s, else null. */
export const ownStateOf = (userId: string | undefined): Promise<OwnState | null> =>
  refreshOnce().then((own) => (own?.user === userId ? own : null));
