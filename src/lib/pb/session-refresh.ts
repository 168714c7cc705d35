// The browser's session kept true: re-read who is signed in (a role, a block or a name may have changed since the
// token was issued), and forget them on signing out.
import { refreshMemberAuthAnswer } from './auth-refresh';
import type { PocketBase } from './client';

/** Re-reads the signed-in member (role, blocked, name may have changed); signs out if the token is dead, and
 * only then: an answer cut off keeps the session. Answers what PocketBase added (`meta`; `query` asks for more:
 * src/stores/own-state.ts), or null when nobody is signed in or the refresh failed. */
export async function refreshSession(
  pb: PocketBase,
  query?: Record<string, string>,
): Promise<Record<string, unknown> | null> {
  if (!pb.authStore.isValid) return null;
  try {
    return (await refreshMemberAuthAnswer(pb, query ? { query } : {})).meta;
  } catch (error) {
    const status = (error as { status?: number }).status;
    if (status === 401 || status === 403 || status === 404) pb.authStore.clear();
    return null;
  }
}

export function signOut(pb: PocketBase): void {
  pb.authStore.clear();
}
