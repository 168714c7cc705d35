// Follow / unfollow an idea to get notified about it; live (voting or commenting follows it on the server).
// A plain form first: it works before hydration and with JavaScript off.

import { type FormEvent, useEffect } from 'react';
import { translator } from '../../i18n/current';
import { withNext } from '../../lib/next-link';
import type { SessionUser } from '../../lib/pb/types';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { useSession } from '../../ui/hooks/use-session';
import { $follow, startFollow, toggleFollow } from './follow';

interface Props {
  postId: string;
  serverUser: SessionUser | null;
  /** The viewer's subscription as the server found it (null: not following; undefined: not known). */
  subscriptionId?: string | null | undefined;
}

export default function FollowButton({ postId, serverUser, subscriptionId }: Props) {
  const user = useSession(serverUser);
  const t = translator('ideas');
  const follow = useClientStore($follow, subscriptionId);
  const userId = user?.id;
  const known = userId === serverUser?.id ? subscriptionId : undefined;
  useEffect(() => startFollow(postId, userId, known), [postId, userId, known]);
  const following = Boolean(follow);
  const submit = (event: FormEvent) => {
    // Not known yet in this tab: let the plain form ask the server.
    if ($follow.get() === undefined) return;
    event.preventDefault();
    void toggleFollow(postId);
  };
  if (!user) {
    return (
      <a className="button" href={withNext('/signin', `/p/${postId}`)}>
        {t('signInToFollow')}
      </a>
    );
  }
  return (
    <form method="post" action={`/p/${postId}/follow`} className="inline-action" onSubmit={submit}>
      <button type="submit" className="button" aria-pressed={following} data-testid="follow-button">
        {following ? t('following') : t('follow')}
      </button>
    </form>
  );
}
