// Who is acting, read straight from the stores' client (stores run only in the browser, or in tests).
import { translate } from '../i18n/current';
import { withNext } from '../lib/next-link';
import { toSessionUser } from '../lib/pb/client';
import type { SessionUser } from '../lib/pb/types';
import { type Result, refuse, succeed } from './action';
import { getClient } from './client';

export function getViewer(): SessionUser | null {
  const pb = getClient();
  return pb.authStore.isValid ? toSessionUser(pb, pb.authStore.record) : null;
}

/** Sends a visitor to sign in, coming back here afterwards. */
export function goToSignIn(): void {
  if (typeof location === 'undefined') return;
  location.assign(withNext('/signin', location.pathname + location.search));
}

export const blockedMessage = () => translate('errors', 'blocked');
export const lockedMessage = () => translate('errors', 'locked');
export const signedOutMessage = () => translate('errors', 'signInFirst');

/** The viewer, if they may write; otherwise says why not (a sign-in detour, or a toast). */
export function checkCanWrite(): Result<SessionUser> {
  const viewer = getViewer();
  if (!viewer) {
    goToSignIn();
    return { ok: false, error: { kind: 'unauthorized', message: signedOutMessage() } };
  }
  if (viewer.blocked) return refuse(blockedMessage(), { toast: true });
  return succeed(viewer);
}
