// The vote toggle with the live count, wherever an idea appears.
import { useEffect } from 'react';
import type { PostLive } from '../lib/pb/post-types';
import { $posts, trackPost } from '../stores/posts';
import { $myVotes, requestMyVote, toggleVote } from '../stores/votes';
import { useClientStore } from './hooks/use-client-store';

const NO_POSTS: Record<string, PostLive> = {};
const NO_VOTES: Record<string, string | undefined> = {};

interface Props {
  postId: string;
  count: number;
  commentCount?: number;
  status?: string;
  locked?: boolean;
  compact?: boolean;
}

export default function VoteButton({ postId, count, commentCount = 0, status = '', locked = false, compact }: Props) {
  const live = useClientStore($posts, NO_POSTS)[postId];
  const vote = useClientStore($myVotes, NO_VOTES)[postId];
  useEffect(() => {
    trackPost(postId, { vote_count: count, comment_count: commentCount, status, locked });
    requestMyVote(postId);
  }, [postId, count, commentCount, status, locked]);
  const votes = live?.vote_count ?? count;
  const voted = Boolean(vote);
  return (
    <button
      type="button"
      className={compact ? 'vote-button compact' : 'vote-button'}
      aria-pressed={voted}
      onClick={() => void toggleVote(postId)}
      data-testid="vote-button"
    >
      <span aria-hidden="true" className="vote-arrow">
        ▲
      </span>
      <span className="visually-hidden">Vote, </span>
      <span className="vote-count" data-testid="vote-count">
        {votes}
      </span>
      <span className="visually-hidden">{votes === 1 ? ' vote' : ' votes'}</span>
    </button>
  );
}
