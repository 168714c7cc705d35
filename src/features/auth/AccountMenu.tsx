// The header's account menu: sign in / sign up links for visitors, and a menu with sign out for members.
import { translator } from '../../i18n/current';
import { isStaff } from '../../lib/access';
import { aroundPlaceholder } from '../../lib/message-parts';
import { withNext } from '../../lib/next-link';
import type { SessionUser } from '../../lib/pb/types';
import { signOut } from '../../stores/session';
import { Avatar } from '../../ui/Avatar';
import { useSession } from '../../ui/hooks/use-session';

interface Props {
  serverUser: SessionUser | null;
  /** The page's path, so signing in comes back here. */
  path: string;
}

export default function AccountMenu({ serverUser, path }: Props) {
  const user = useSession(serverUser);
  const t = translator('account');
  if (!user) {
    const next = path === '/' || path.startsWith('/sign') ? '' : path;
    return (
      <div className="auth-actions">
        <a className="button" href={withNext('/signin', next)}>
          {t('signIn')}
        </a>
        <a className="button primary" href={withNext('/signup', next)}>
          {t('signUp')}
        </a>
      </div>
    );
  }
  const [menuBefore, menuAfter] = aroundPlaceholder(t('menuOf', { name: '{name}' }), 'name');
  return (
    <details className="account-menu">
      {/* The accessible name starts with the visible one (WCAG 2.5.3 Label in Name). */}
      {/* No aria-label: it would have to hold the avatar's initial too. Hidden words around the name. */}
      <summary>
        <Avatar user={user} />
        {menuBefore && <span className="visually-hidden">{menuBefore}</span>}
        <span>{user.name}</span>
        {menuAfter && <span className="visually-hidden">{menuAfter}</span>}
      </summary>
      <div className="menu">
        <a href="/notifications">{t('notifications')}</a>
        <a href="/settings">{t('settings')}</a>
        {isStaff(user) && <a href="/admin">{t('admin')}</a>}
        <button type="button" onClick={signOut}>
          {t('signOut')}
        </button>
      </div>
    </details>
  );
}
