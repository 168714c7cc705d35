// The viewer's own votes, live across tabs (a store follows the member's `votes`), loaded for the ideas a page shows
// (each read once: the page's session refresh brings those it shows, one request any shown later), and the vote
// toggle: optimistic, rolled back with a toast if the server refuses. An answer asked for
// before a local change never overwrites it (the "vote right after load" race). A vote clicked signed
// out is cast once the person is back from signing in (features/votes/pending-vote.ts). A vote the server holds until
// the member confirms their email ($heldVotes) is shown as theirs but moves no count; it counts, live, the
// moment the email is confirmed.

import { map } from 'nanostores';
import { OWN_POSTS_MOST, type OwnVote } from '../../contract/own-state';
import { translate } from '../../i18n/current';
import { readSession } from '../../lib/frame-state';
import type { VoteRecord } from '../../lib/pb/post-types';
import type { SessionUser } from '../../lib/pb/types';
import { act, createChangeClock, type Result, refuse } from '../../stores/action';
import { getClient } from '../../stores/client';
import { ownStateOf } from '../../stores/own-state';
import { $posts, bumpVoteCount, voteOnItsWay } from '../../stores/posts';
import { listen, onReconnect } from '../../stores/realtime';
import { checkCanWrite, getViewer, lockedMessage } from '../../stores/viewer';
import { PENDING_VOTE_KEY } from './pending-vote-key';
import { createVote, deleteVote, listOwnVotes } from './votes-data';

/** Post id → the viewer's vote id ("pending" while being saved), null: not voted. Absent: not known yet. */
export const $myVotes = map<Record<string, string | null>>({});
/** Post id → true while the viewer's vote there is held until they confirm their email (it counts for nobody yet). */
export const $heldVotes = map<Record<string, boolean>>({});
const PENDING = 'pending';
const clock = createChangeClock();

/** Whose votes $myVotes holds ("" when nobody's yet). */
let owner = '';
let loading: Promise<void> | null = null;
let stopLive: (() => void) | null = null;
/** The ideas whose vote of the viewer's was read or is being read: each is asked for once a page. */
const asked = new Set<string>();

/**
 * Makes sure the viewer's votes on `postIds` (the ideas the caller shows) are loaded, and all of theirs followed
 * live: those the page shows come in its session refresh (stores/own-state.ts), one more request brings any other.
 */
export function requestMyVote(postIds: readonly string[] = []): Promise<void> {
  const viewer = getViewer();
  if (!viewer) return Promise.resolve();
  if (owner !== viewer.id) {
    // Another member signed in: forget the last one's votes (a first load keeps what pages knew).
    if (owner) {
      $myVotes.set({});
      $heldVotes.set({});
    }
    owner = viewer.id;
    asked.clear();
    stopLive?.();
    stopLive = followMyVotes(viewer);
    // The page's first load: the votes the session's refresh brought, on the ideas it named.
    const mark = clock.mark();
    loading = ownStateOf(viewer.id)
      .then((own) => own && owner === viewer.id && applyVotes(own.posts, own.votes, mark))
      .then(() => castPendingVote(viewer));
  }
  return (loading ?? Promise.resolve()).then(() =>
    readMyVotes(
      viewer,
      postIds.filter((id) => !asked.has(id)),
    ),
  );
}

/** What the page's server already knew about one idea, so a click before the list arrives works. */
export function knowMyVote(postId: string, voteId: string | null): void {
  if (!(postId in $myVotes.get())) $myVotes.setKey(postId, voteId);
}

/** Reads the viewer's votes on `postIds`, OWN_POSTS_MOST ideas a request (a reconnect's catch-up asks every idea
 * asked for before again); one that fails leaves the buttons as they were until the next reconnect. */
async function readMyVotes(viewer: SessionUser, postIds: string[]): Promise<void> {
  for (const id of postIds) asked.add(id);
  for (let at = 0; at < postIds.length; at += OWN_POSTS_MOST) {
    const page = postIds.slice(at, at + OWN_POSTS_MOST);
    const mark = clock.mark();
    const answer = await listOwnVotes(getClient(), page).catch(() => null);
    if (answer && owner === viewer.id) applyVotes(page, answer.votes, mark);
  }
}

/** The viewer's votes on the ideas `posts` names as read (no vote: none), unless changed here since `mark`. */
function applyVotes(posts: readonly string[], votes: readonly OwnVote[], mark: number): void {
  const byPost = new Map(votes.map((vote) => [vote.post, vote]));
  for (const post of posts) {
    asked.add(post);
    if (!clock.unchangedSince(post, mark)) continue;
    const vote = byPost.get(post);
    $myVotes.setKey(post, vote?.id ?? null);
    setHeld(post, vote?.counted === false);
  }
}

// The member's own votes, from any tab or device: the list rule sends each member only theirs.
function followMyVotes(viewer: SessionUser): () => void {
  const userId = viewer.id;
  const stop = listen<VoteRecord>(
    'votes',
    '*',
    ({ action, record }) => {
      if (record.user !== userId) return;
      // Newer than any answer asked for before it: that answer must not undo it (nor its being held).
      clock.touch(record.post);
      const current = $myVotes.get()[record.post];
      if (action === 'delete' && (current === record.id || !current)) {
        setMine(record.post, null);
        setHeld(record.post, false);
      }
      if (action === 'create' && current !== record.id) setMine(record.post, record.id);
      // Created held, or counted since (the member confirmed their email in any tab).
      if (action !== 'delete') setHeld(record.post, record.counted === false);
    },
    { filter: `user = "${userId.replace(/[^a-z0-9]/g, '')}"` },
  );
  const stopCatchUp = onReconnect(() => void readMyVotes(viewer, [...asked]));
  return () => {
    stop();
    stopCatchUp();
  };
}

function setMine(postId: string, value: string | null): void {
  clock.touch(postId);
  $myVotes.setKey(postId, value);
}

function setHeld(postId: string, held: boolean): void {
  if (Boolean($heldVotes.get()[postId]) !== held) $heldVotes.setKey(postId, held);
}

// Loaded when needed (it is rare), so it costs the idea page's members nothing up front.
const pendingVote = () => import('./pending-vote');

/** The vote clicked before a sign-in detour, now that this page knows the viewer's votes: cast once. */
async function castPendingVote(viewer: SessionUser): Promise<void> {
  // Nothing pending (nearly every page view): no module to fetch.
  if (readSession(PENDING_VOTE_KEY) === null) return;
  const postId = await pendingVote()
    .then((pending) => pending.takePendingVote())
    .catch(() => null);
  // Already counted (their vote from before, or another tab's): clicking again would take it back.
  if (!postId) return;
  if (!asked.has(postId)) await readMyVotes(viewer, [postId]);
  if (!$myVotes.get()[postId]) await toggleVote(postId);
}

export async function toggleVote(postId: string): Promise<Result<string | null>> {
  if (!getViewer())
    await pendingVote().then(
      (pending) => pending.rememberPendingVote(postId),
      () => {},
    );
  const viewer = checkCanWrite();
  if (!viewer.ok) return viewer;
  if ($posts.get()[postId]?.locked) return refuse(lockedMessage(), { toast: true });
  const existing = $myVotes.get()[postId];
  if (existing === PENDING) return refuse(translate('vote', 'stillSaving'));
  const pb = getClient();
  if (existing) {
    // A held vote was never in the count: taking it back moves nothing.
    const held = Boolean($heldVotes.get()[postId]);
    const delta = held ? 0 : 1;
    const answered = voteOnItsWay(postId);
    return act({
      apply: () => {
        setMine(postId, null);
        setHeld(postId, false);
        bumpVoteCount(postId, -delta);
        return () => {
          setMine(postId, existing);
          setHeld(postId, held);
          bumpVoteCount(postId, delta);
          answered();
        };
      },
      send: async () => {
        answered(await deleteVote(pb, existing));
        return null;
      },
      failure: translate('vote', 'notRemoved'),
    });
  }
  // A confirmed member's vote counts at once; an unconfirmed one's waits for the server's word (it may be held,
  // or count when the site lets unconfirmed members post: then the count arrives live).
  const delta = viewer.value.verified ? 1 : 0;
  const answered = voteOnItsWay(postId);
  return act({
    apply: () => {
      setMine(postId, PENDING);
      bumpVoteCount(postId, delta);
      return () => {
        setMine(postId, null);
        bumpVoteCount(postId, -delta);
        answered();
      };
    },
    send: async () => {
      const vote = await createVote(pb, postId, viewer.value.id);
      if (vote.counted === false) {
        setHeld(postId, true);
        bumpVoteCount(postId, -delta); // the sign-in this tab holds said "confirmed"; the server says otherwise
      }
      answered(vote.idea);
      return vote.id;
    },
    confirm: (id) => {
      if ($myVotes.get()[postId] === PENDING) setMine(postId, id);
    },
    failure: translate('vote', 'notCounted'),
  });
}
