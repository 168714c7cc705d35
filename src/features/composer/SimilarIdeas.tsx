// The composer's similar ideas (issue 38): up to three, each with its votes and "Vote instead", which votes for
// it as the vote button does (a signed-out visitor's vote waits out the sign-in detour). Posting stays possible.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { translator } from '../../i18n/current';
import { $myVotes, requestMyVote, toggleVote } from '../votes/votes';
import type { SimilarIdea } from './similar-ideas';

export default function SimilarIdeas({ ideas }: { ideas: SimilarIdea[] }) {
  const t = translator('composer');
  const votes = translator('vote');
  const mine = useStore($myVotes);
  // An idea already voted for says so rather than offer a vote the server would refuse (its vote read once a page).
  useEffect(() => {
    void requestMyVote(ideas.map((idea) => idea.id));
  }, [ideas]);
  return (
    <div className="similar" aria-live="polite" data-testid="similar-ideas">
      <p className="muted">{t('similar')}</p>
      <ul>
        {ideas.map((idea) => (
          <li key={idea.id}>
            <a href={`/p/${idea.id}`}>{idea.title}</a>{' '}
            <span className="muted">{votes('count', { count: idea.votes })}</span>{' '}
            {mine[idea.id] ? (
              <span className="muted" data-testid="voted-instead">
                {t('votedInstead')}
              </span>
            ) : (
              <button type="button" className="button" onClick={() => void toggleVote(idea.id)}>
                {t('voteInstead')}
              </button>
            )}
          </li>
        ))}
      </ul>
    </div>
  );
}
