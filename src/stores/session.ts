// Who is signed in, shared by every island on the page and followed across tabs
// (the PocketBase client keeps auth in localStorage, whose changes other tabs observe).

import { atom, onMount } from 'nanostores';
import { toSessionUser } from '../lib/pb/client';
import { signOut as clearAuth } from '../lib/pb/session-refresh';
import type { SessionUser } from '../lib/pb/types';
import { getClient } from './client';
import { refreshOnce } from './own-state';

export const $session = atom<SessionUser | null>(null);

onMount($session, () => {
  const pb = getClient();
  const stop = pb.authStore.onChange(() => {
    const user = pb.authStore.isValid ? toSessionUser(pb, pb.authStore.record) : null;
    $session.set(user);
    // The page's mark that a member is signed in (src/lib/audience-mark.ts) follows the session: signed out, a
    // visitor's sign-in links show again.
    globalThis.document?.documentElement.toggleAttribute('data-session', !!user);
  }, true);
  // The page's one refresh, which brings the member's own state with it (own-state.ts).
  void refreshOnce();
  return stop;
});

export function signOut(): void {
  clearAuth(getClient());
}
