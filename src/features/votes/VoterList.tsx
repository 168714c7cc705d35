// The voters of an idea (avatars with names), live as votes come and go.

import { useEffect } from 'react';
import { translator } from '../../i18n/current';
import type { Voter } from '../../lib/pb/post-types';
import { Avatar } from '../../ui/Avatar';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { $voters, startVoters } from './voters';

interface Props {
  postId: string;
  initial: Voter[];
  count: number;
  /** The idea is public (public board, approved). */
  isPublic?: boolean | undefined;
}

export default function VoterList({ postId, initial, count, isPublic }: Props) {
  const voters = useClientStore($voters, null) ?? initial;
  useEffect(() => startVoters(postId, initial, count, isPublic), [postId, initial, count, isPublic]);
  if (voters.length === 0) return <p className="muted">{translator('vote')('noVotes')}</p>;
  return (
    <ul className="voter-list" data-testid="voter-list">
      {voters.map((voter) => (
        <li key={voter.id}>
          <Avatar user={voter} size={32} titled />
        </li>
      ))}
    </ul>
  );
}
