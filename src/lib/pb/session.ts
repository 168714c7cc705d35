// Who is signed in, as PocketBase says: the cookie's token is verified by PocketBase (GET /api/chorus/session, in
// Go: server/cmd/pocketbase/session.go), and the user comes from its answer, never from the cookie's own copy of the
// record.
import { ClientResponseError } from 'pocketbase';
import { AUDIENCE_META, SESSION_PATH, SHELL_VERSION_META } from '../../contract/audience';
import { type Audience, audienceIn } from './audience';
import { AUTH_COOKIE, type PocketBase, type RecordModel, toSessionUser } from './client';

import type { SessionUser } from './types';

export type Session =
  /** No auth cookie at all: nothing to verify, nothing to clear. */
  | { user: null; clearCookie: false }
  /** A cookie PocketBase refused (forged, unsigned, expired, deleted account): a visitor whose cookie goes. */
  | { user: null; clearCookie: true }
  | { user: SessionUser; clearCookie: false };

/** A verified session, the version of the page shell PocketBase named with it (null: none named), and the
 * member's audience ('' for visitors, staff, members rendered for themselves: src/lib/pb/audience.ts). */
export type VerifiedSession = Session & { shellVersion: string | null; audience: Audience };

/** Verifies the client's token with PocketBase. Network and server errors are thrown for the 503 page. */
export async function verifySession(pb: PocketBase): Promise<VerifiedSession> {
  if (!pb.authStore.token) return { user: null, clearCookie: false, shellVersion: null, audience: '' };
  if (!pb.authStore.isValid || pb.authStore.record?.collectionName !== 'users') return forget(pb);
  try {
    const answer = await pb.send<{ record?: RecordModel; meta?: Record<string, unknown> }>(SESSION_PATH, {
      requestKey: null,
    });
    const { record = null, meta = {} } = answer ?? {};
    // A 200 cut short (no member's record) is no answer: the 503 page, not a signed-out page.
    if (record?.collectionName !== 'users') {
      throw new ClientResponseError({ url: SESSION_PATH, status: 0, data: {} });
    }
    pb.authStore.save(pb.authStore.token, record);
    const user = toSessionUser(pb, record);
    const version = meta[SHELL_VERSION_META];
    return user
      ? {
          user,
          clearCookie: false,
          shellVersion: typeof version === 'string' && version ? version : null,
          audience: audienceIn(meta),
        }
      : forget(pb);
  } catch (error) {
    if (error instanceof ClientResponseError && [400, 401, 403, 404].includes(error.status)) return forget(pb);
    throw error;
  }
}

/** The session a verification left in `pb` (its token and the record PocketBase answered), for the render that follows
 * it in the same Worker (src/edge/member-audience.ts): one check per page view, not two. The audience is named where
 * the check's `meta` names it, so the render reads it with the same predicate (audienceIn). */
export function handOver(pb: PocketBase, session: VerifiedSession): string {
  return JSON.stringify({
    token: pb.authStore.token,
    record: pb.authStore.record,
    shellVersion: session.shellVersion,
    [AUDIENCE_META]: session.audience,
  });
}

/** The session handed over by the gateway (trusted: the Worker strips the header from every request it receives),
 * saved into `pb`; null when it does not parse (the middleware then verifies as ever). */
export function handedSession(pb: PocketBase, text: string): VerifiedSession | null {
  try {
    const handed = JSON.parse(text) as Record<string, unknown> & {
      token?: unknown;
      record?: RecordModel | null;
      shellVersion?: unknown;
    };
    const { token, record, shellVersion } = handed;
    if (typeof token !== 'string' || !token || !record) return null;
    const user = toSessionUser(pb, record);
    if (!user) return null;
    pb.authStore.save(token, record);
    return {
      user,
      clearCookie: false,
      shellVersion: typeof shellVersion === 'string' && shellVersion ? shellVersion : null,
      audience: audienceIn(handed),
    };
  } catch {
    return null;
  }
}

function forget(pb: PocketBase): VerifiedSession {
  pb.authStore.clear();
  return { user: null, clearCookie: true, shellVersion: null, audience: '' };
}

/** The Set-Cookie value that removes the auth cookie the browser sent. */
export function clearedAuthCookie(https: boolean): string {
  return `${AUTH_COOKIE}=; Path=/; Max-Age=0; SameSite=Lax${https ? '; Secure' : ''}`;
}
