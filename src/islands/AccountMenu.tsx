// The header's account menu: sign in / sign up links for visitors, and a menu with sign out for members.
import { isStaff } from '../lib/access';
import type { SessionUser } from '../lib/pb/types';
import { signOut } from '../stores/session';
import { Avatar } from './Avatar';
import { useSession } from './hooks/use-session';

interface Props {
  serverUser: SessionUser | null;
  /** The page's path, so signing in comes back here. */
  path: string;
}

export default function AccountMenu({ serverUser, path }: Props) {
  const user = useSession(serverUser);
  if (!user) {
    const next = path === '/' || path.startsWith('/sign') ? '' : `?next=${encodeURIComponent(path)}`;
    return (
      <div className="auth-actions">
        <a className="button" href={`/signin${next}`}>
          Sign in
        </a>
        <a className="button primary" href={`/signup${next}`}>
          Sign up
        </a>
      </div>
    );
  }
  return (
    <details className="account-menu">
      {/* The accessible name starts with the visible one (WCAG 2.5.3 Label in Name). */}
      <summary>
        <Avatar user={user} />
        <span>{user.name}</span>
        <span className="visually-hidden"> account menu</span>
      </summary>
      <div className="menu">
        <a href="/notifications">Notifications</a>
        <a href="/settings">Settings</a>
        {isStaff(user) && <a href="/admin">Admin</a>}
        <button type="button" onClick={signOut}>
          Sign out
        </button>
      </div>
    </details>
  );
}
