// An emailed idea or reply waiting for its sender's link (issue 55, pb_hooks/inbound-email/receive.js): what
// the /email/confirm page reads of it, and the one call that posts it. Server-side only (the page's frontmatter).
import type { PocketBase } from '../../lib/pb/client';
import { isUnavailable, toAppError } from '../../lib/pb/errors';
// The type only: the page's server code takes no store (stores/action.ts brings the toast store with it).
import type { Result } from '../../stores/action';

export interface WaitingEmail {
  kind: 'idea' | 'comment';
  subject: string;
  sender: string;
  /** The site asks for Turnstile before this sender's first post (a new account). */
  human: boolean;
}

/** What waits behind `token`, or null when the link is unknown, used or expired (PocketBase down throws). */
export async function describeWaitingEmail(pb: PocketBase, token: string): Promise<WaitingEmail | null> {
  if (!token) return null;
  try {
    return await pb.send<WaitingEmail>('/api/chorus/inbound-email/waiting', { query: { token } });
  } catch (error) {
    if (isUnavailable(error)) throw error;
    return null;
  }
}

/** Posts what waits behind `token`: the idea (and the comment) it made, or why not. */
export async function postWaitingEmail(
  pb: PocketBase,
  token: string,
  turnstileToken: string,
): Promise<Result<{ idea: string; comment?: string }>> {
  try {
    const value = await pb.send<{ idea: string; comment?: string }>('/api/chorus/inbound-email/confirm', {
      method: 'POST',
      body: { token, turnstile_token: turnstileToken },
    });
    return { ok: true, value };
  } catch (error) {
    return { ok: false, error: toAppError(error) };
  }
}
