// What a server-rendered idea carries for src/features/ideas/live-cards.ts to keep it live (a list card, or the
// idea page as a list of one): its counts, status, lock, whether it is public and, when known, the viewer's vote.

interface LiveIdea {
  id: string;
  vote_count: number;
  comment_count: number;
  status: string;
  locked: boolean;
}

/** The data attributes live-cards.ts reads; `myVote` is the viewer's vote id, '' for none, undefined if unknown. */
export function liveCardAttributes(post: LiveIdea, isPublic: boolean | undefined, myVote?: string | null) {
  return {
    'data-post': post.id,
    'data-votes': post.vote_count,
    'data-comments': post.comment_count,
    'data-status': post.status,
    'data-locked': post.locked ? '' : undefined,
    'data-public': isPublic ? '' : undefined,
    'data-my-vote': myVote === undefined ? undefined : (myVote ?? ''),
  };
}
