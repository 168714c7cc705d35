// Who is acting, read straight from the tab's client (stores run only in the browser).
import { getBrowserClient, toSessionUser } from '../lib/pb/client';
import type { SessionUser } from '../lib/pb/types';

export function getViewer(): SessionUser | null {
  const pb = getBrowserClient();
  return pb.authStore.isValid ? toSessionUser(pb, pb.authStore.record) : null;
}

/** Sends a visitor to sign in, coming back here afterwards. */
export function goToSignIn(): void {
  location.assign(`/signin?next=${encodeURIComponent(location.pathname + location.search)}`);
}

export const BLOCKED_MESSAGE = 'Your account is blocked: you can read, but not post, vote or comment.';
export const LOCKED_MESSAGE = 'This idea is locked: votes and comments are closed.';

/** Whether the viewer may write; says why not (sign-in detour, or a toast) when they may not. */
export function checkCanWrite(say: (message: string) => void): SessionUser | null {
  const viewer = getViewer();
  if (!viewer) {
    goToSignIn();
    return null;
  }
  if (viewer.blocked) {
    say(BLOCKED_MESSAGE);
    return null;
  }
  return viewer;
}
