// Follow / unfollow an idea to get notified about it.
import { useEffect } from 'react';
import type { SessionUser } from '../lib/pb/types';
import { $follow, loadFollow, toggleFollow } from '../stores/follow';
import { useClientStore } from './hooks/use-client-store';
import { useSession } from './hooks/use-session';

export default function FollowButton({ postId, serverUser }: { postId: string; serverUser: SessionUser | null }) {
  const user = useSession(serverUser);
  const follow = useClientStore($follow, undefined);
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
