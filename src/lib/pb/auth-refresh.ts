// A member's session refreshed only from a whole answer: the SDK's authRefresh() saves whatever a 200 carried,
// and a body cut off (a tab navigating away mid-answer, a dropped connection) parses as `{}`, which it saved as
// "nobody": the browser then deleted its auth cookie and the next page was rendered signed out.
import { ClientResponseError, type PocketBase, type RecordModel } from './client';

interface RefreshAnswer {
  token?: unknown;
  record?: RecordModel;
  meta?: Record<string, unknown>;
}

/**
 * Refreshes the users' auth of `pb` and saves it; returns the member's record. A 200 without a token and a
 * member's record is thrown as a network error (status 0), so callers keep the session they had.
 */
export async function refreshMemberAuth(
  pb: PocketBase,
  options: { requestKey?: string | null } = {},
): Promise<RecordModel> {
  return (await refreshMemberAuthAnswer(pb, options)).record;
}

/** refreshMemberAuth, with what PocketBase's hooks added to the answer (`meta`: the shell's version, the audience,
 * and the member's own state when `query` asks: src/contract/own-state.ts). */
export async function refreshMemberAuthAnswer(
  pb: PocketBase,
  options: { requestKey?: string | null; query?: Record<string, string> } = {},
): Promise<{ record: RecordModel; meta: Record<string, unknown> }> {
  const answer = await pb.send<RefreshAnswer>('/api/collections/users/auth-refresh', { method: 'POST', ...options });
  const { token, record, meta } = answer ?? {};
  if (typeof token !== 'string' || !token || record?.collectionName !== 'users') {
    throw new ClientResponseError({ url: '/api/collections/users/auth-refresh', status: 0, data: {} });
  }
  pb.authStore.save(token, record);
  return { record, meta: meta ?? {} };
}
