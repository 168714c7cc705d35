// Follow / unfollow an idea to get notified about it.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import type { SessionUser } from '../lib/pb/types';
import { $follow, loadFollow, toggleFollow } from '../stores/follow';
import { useSession } from './hooks/use-session';

export default function FollowButton({ postId, serverUser }: { postId: string; serverUser: SessionUser | null }) {
  const user = useSession(serverUser);
  const follow = useStore($follow);
  const userId = user?.id;
  useEffect(() => {
    void loadFollow(postId, userId);
  }, [postId, userId]);
  const following = Boolean(follow);
  return (
    <button
      type="button"
      className="button"
      aria-pressed={user ? following : undefined}
      disabled={Boolean(user) && follow === undefined}
      onClick={() => void toggleFollow(postId)}
    >
      {!user ? 'Sign in to follow' : following ? 'Following' : 'Follow'}
    </button>
  );
}
