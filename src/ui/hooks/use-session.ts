// The signed-in member for an island: the server's answer while hydrating, then the live $session.
import { useSyncExternalStore } from 'react';
import type { SessionUser } from '../../lib/pb/types';
import { $session } from '../../stores/session';

export function useSession(serverUser: SessionUser | null): SessionUser | null {
  return useSyncExternalStore(
    (onChange) => $session.listen(onChange),
    () => $session.get(),
    () => serverUser,
  );
}
