// The home page's call to action, which follows the session live like the account menu does.
import { translator } from '../../i18n/current';
import type { SessionUser } from '../../lib/pb/types';
import { useSession } from '../../ui/hooks/use-session';
import { rich } from '../../ui/rich';

export default function WelcomePrompt({ serverUser }: { serverUser: SessionUser | null }) {
  const user = useSession(serverUser);
  const t = translator('welcome');
  if (user) {
    return (
      <p className="welcome-prompt" data-testid="welcome-prompt">
        {rich(t('back'), { b: (text) => <strong>{text}</strong> }, { name: user.name })}
      </p>
    );
  }
  return (
    <p className="welcome-prompt welcome-visitor" data-testid="welcome-prompt">
      {rich(t('visitor'), {
        signin: (text) => <a href="/signin">{text}</a>,
        signup: (text) => <a href="/signup">{text}</a>,
      })}
    </p>
  );
}
