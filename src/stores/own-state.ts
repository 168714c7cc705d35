// The member's own state for this page in the session's one refresh (issue 59, src/contract/own-state.ts): their votes
// on the ideas the page shows, the bell's count and their follow of the idea the page shows arrive with the refresh
// their session makes anyway, and the stores that keep them start from it; a store asks for its own part only when it
// is not there (nobody signed in at first, another member's session, a refresh that failed, an idea shown after it)
// and on reconnecting.
import { isIdeaId, OWN_META, OWN_POSTS_MOST, OWN_POSTS_QUERY, OWN_QUERY, type OwnState } from '../contract/own-state';
import { refreshSession } from '../lib/pb/session-refresh';
import { getClient } from './client';

let first: Promise<OwnState | null> | undefined;
/** Ideas a store named before the refresh was sent (beside those the page's HTML shows). */
const named = new Set<string>();

/** Names ideas whose votes the page's refresh should bring, if it has not been sent yet (the stores' own asks). */
export function nameIdeas(ids: readonly string[]): void {
  for (const id of ids) if (isIdeaId(id)) named.add(id);
}

/** The ideas the page shows as its server rendered them (list cards and the idea page: live-card.ts's data-post),
 * then those the stores named, the first OWN_POSTS_MOST. */
function pageIdeas(): string[] {
  const shown = [...(globalThis.document?.querySelectorAll<HTMLElement>('[data-post]') ?? [])].map(
    (element) => element.dataset.post ?? '',
  );
  return [...new Set([...shown, ...named])].filter(isIdeaId).slice(0, OWN_POSTS_MOST);
}

/** The page's one session refresh (whichever store asks first starts it, after the stores that start with the page
 * named their ideas), and the own state it answered. */
export function refreshOnce(): Promise<OwnState | null> {
  // The idea the page shows, by its address (/p/<id>…, in the widget's panel /embed/p/<id>…): their follow comes too.
  const shown = /^(?:\/embed)?\/p\/([^/]+)/.exec(globalThis.location?.pathname ?? '')?.[1];
  const idea = isIdeaId(shown) ? shown : '';
  first ??= new Promise((started) => setTimeout(started, 0))
    .then(() => refreshSession(getClient(), { [OWN_QUERY]: idea, [OWN_POSTS_QUERY]: [idea, ...pageIdeas()].join(',') }))
    .then((meta) => (meta?.[OWN_META] as OwnState) ?? null);
  return first;
}

/** The refresh's own state if it is `userId`'s, else null. */
export const ownStateOf = (userId: string): Promise<OwnState | null> =>
  refreshOnce().then((own) => (own?.user === userId ? own : null));
