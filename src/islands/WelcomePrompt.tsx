// The home page's call to action, which follows the session live like the account menu does.
import type { SessionUser } from '../lib/pb/types';
import { useSession } from './hooks/use-session';

export default function WelcomePrompt({ serverUser }: { serverUser: SessionUser | null }) {
  const user = useSession(serverUser);
  if (user) {
    return (
      <p className="welcome-prompt" data-testid="welcome-prompt">
        Welcome back, <strong>{user.name}</strong>. Share an idea, or vote for the ones you want most.
      </p>
    );
  }
  return (
    <p className="welcome-prompt" data-testid="welcome-prompt">
      <a href="/signin">Sign in</a> or <a href="/signup">create an account</a> to share ideas and vote.
    </p>
  );
}
