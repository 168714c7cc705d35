// The vote toggle with the live count, wherever an idea appears. A plain form first: a click before
// hydration (or with JavaScript off) posts it to the server; once hydrated, the store votes optimistically.
// A vote held until the member confirms their email says so, with a button to send the confirmation again.
import { type FormEvent, useEffect, useState } from 'react';
import { currentLocale, translate } from '../../i18n/current';
import { formatNumber } from '../../i18n/format';
import type { PostLive } from '../../lib/pb/post-types';
import { $posts, trackPost } from '../../stores/posts';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { resendConfirmation } from '../auth/confirmation';
import { $heldVotes, $myVotes, knowMyVote, requestMyVote, toggleVote } from './votes';

const NO_POSTS: Record<string, PostLive> = {};
const NO_VOTES: Record<string, string | null> = {};
const NO_HELD: Record<string, boolean> = {};

interface Props {
  postId: string;
  count: number;
  commentCount?: number;
  status?: string;
  locked?: boolean;
  /** The viewer's vote as the server found it (null: none; undefined: the page could not tell). */
  voteId?: string | null | undefined;
  /** The page to come back to after a plain-form vote. */
  back?: string;
  compact?: boolean;
  /** The idea is public (public board, approved): its live state comes from its public copy. */
  isPublic?: boolean | undefined;
  /** The member audience's copy: the member's own vote is not known until their votes load (busy till then). */
  pending?: boolean | undefined;
}

export default function VoteButton(props: Props) {
  const { postId, count, commentCount = 0, status = '', locked = false, voteId, isPublic } = props;
  const live = useClientStore($posts, NO_POSTS)[postId];
  const myVotes = useClientStore($myVotes, NO_VOTES);
  const heldVotes = useClientStore($heldVotes, NO_HELD);
  const [pending, setPending] = useState(Boolean(props.pending));
  useEffect(() => {
    trackPost(postId, { vote_count: count, comment_count: commentCount, status, locked }, isPublic);
    if (voteId !== undefined) knowMyVote(postId, voteId);
    void requestMyVote([postId]).finally(() => setPending(false));
  }, [postId, count, commentCount, status, locked, voteId, isPublic]);
  const votes = live?.vote_count ?? count;
  const mine = myVotes[postId];
  const voted = Boolean(mine === undefined ? voteId : mine);
  const held = voted && Boolean(heldVotes[postId]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    void toggleVote(postId);
  };
  return (
    <form method="post" action={`/p/${postId}/vote`} className="vote-form" onSubmit={submit}>
      {props.back && <input type="hidden" name="back" value={props.back} />}
      <button
        type="submit"
        className={props.compact ? 'vote-button compact' : 'vote-button'}
        aria-pressed={voted}
        aria-busy={pending || undefined}
        data-testid="vote-button"
        title={held ? translate('vote', 'heldNote') : undefined}
      >
        <span aria-hidden="true" className="vote-arrow">
          ▲
        </span>
        {/* The whole name in one message ("Vote, 3 votes", "投票、3 票"): the visible count is not read twice. */}
        <span className="visually-hidden">{translate('vote', 'button', { count: votes })}</span>
        <span className="vote-count" aria-hidden="true" data-testid="vote-count">
          {formatNumber(currentLocale(), votes)}
        </span>
      </button>
      {held && !props.compact && <HeldNote />}
    </form>
  );
}

/** "Confirm your email to count your vote", and a button that sends the confirmation again. */
function HeldNote() {
  const [sent, setSent] = useState<boolean | null>(null);
  const [sending, setSending] = useState(false);
  const resend = async () => {
    setSending(true);
    setSent((await resendConfirmation()).ok);
    setSending(false);
  };
  const words = sent === null ? 'heldNote' : sent ? 'heldSent' : 'heldNotSent';
  return (
    <p className="vote-held" data-testid="vote-held">
      <span aria-live="polite">{translate('vote', words)}</span>{' '}
      {!sent && (
        <button type="button" className="button link" disabled={sending} onClick={() => void resend()}>
          {translate('vote', 'heldResend')}
        </button>
      )}
    </p>
  );
}
