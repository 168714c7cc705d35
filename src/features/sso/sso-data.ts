// Exchanging an identify token from the team's app for a PocketBase session, and what a refusal means.
import { ClientResponseError, type PocketBase } from '../../lib/pb/client';
import type { UserRecord } from '../../lib/pb/types';

/** Redeems an identify token (pb_hooks/sso/sso.pb.js) and keeps the session in the client's auth store. */
export async function exchangeIdentifyToken(pb: PocketBase, token: string): Promise<UserRecord> {
  const auth = await pb.send<{ token: string; record: UserRecord }>('/api/chorus/sso', {
    method: 'POST',
    body: { token },
  });
  pb.authStore.save(auth.token, auth.record as never);
  return auth.record;
}

const SSO_FALLBACK = 'Signing in from the app did not work. Please try again from the app.';

/** The friendly message PocketBase gave for a refused identify token (or a generic one). */
export function toSsoRefusalMessage(error: unknown): string {
  if (error instanceof ClientResponseError && error.status === 0) {
    return 'Chorus cannot reach its server right now. Check your connection and try again.';
  }
  const response = error instanceof ClientResponseError ? (error.response as { code?: string; message?: string }) : {};
  return response.code && response.message ? response.message : SSO_FALLBACK;
}
