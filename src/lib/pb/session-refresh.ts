// The browser's session kept true: re-read who is signed in (a role, a block or a name may have changed since the
// token was issued), and forget them on signing out.
import { refreshMemberAuth } from './auth-refresh';
import type { PocketBase } from './client';

/** Re-reads the signed-in member (role, blocked, name may have changed); signs out if the token is dead, and
 * only then: an answer cut off keeps the session. */
export async function refreshSession(pb: PocketBase): Promise<void> {
  if (!pb.authStore.isValid) return;
  try {
    await refreshMemberAuth(pb);
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 401 || status === 403 || status === 404) pb.authStore.clear();
  }
}

export function signOut(pb: PocketBase): void {
  pb.authStore.clear();
}
