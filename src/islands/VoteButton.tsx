// The vote toggle with the live count, wherever an idea appears.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $posts, trackPost } from '../stores/posts';
import { $myVotes, requestMyVote, toggleVote } from '../stores/votes';

interface Props {
  postId: string;
  count: number;
  commentCount?: number;
  status?: string;
  locked?: boolean;
  compact?: boolean;
}

export default function VoteButton({ postId, count, commentCount = 0, status = '', locked = false, compact }: Props) {
  const live = useStore($posts, { keys: [postId] })[postId];
  const vote = useStore($myVotes, { keys: [postId] })[postId];
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
