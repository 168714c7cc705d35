import type { SessionUser } from '../lib/pb/types';

/** A member's avatar, or their initial when they have none. */
export function Avatar({ user, size = 32 }: { user: Pick<SessionUser, 'name' | 'avatarUrl'>; size?: number }) {
  if (user.avatarUrl) {
    return <img className="avatar" src={user.avatarUrl} alt="" width={size} height={size} />;
  }
  return (
    <span className="avatar" aria-hidden="true">
      {user.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
