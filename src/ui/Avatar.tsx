// A member's avatar, or their initial when they have none; `titled` names them (voters).
import type { SessionUser } from '../lib/pb/types';

interface Props {
  user: Pick<SessionUser, 'name' | 'avatarUrl'>;
  size?: number;
  titled?: boolean;
}

export function Avatar({ user, size = 32, titled = false }: Props) {
  const title = titled ? user.name : undefined;
  if (user.avatarUrl) {
    return (
      <img
        className="avatar"
        src={user.avatarUrl}
        referrerPolicy="no-referrer"
        alt={title ?? ''}
        title={title}
        width={size}
        height={size}
      />
    );
  }
  return titled ? (
    <span className="avatar" title={title} role="img" aria-label={user.name}>
      {user.name.slice(0, 1).toUpperCase()}
    </span>
  ) : (
    <span className="avatar" aria-hidden="true">
      {user.name.slice(0, 1).toUpperCase()}
    </span>
  );
}
