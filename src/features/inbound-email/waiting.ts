// An emailed idea or reply waiting for its sender's link (issue 55, pb_hooks/lib/inbound-email/receive.js): what
// the /email/confirm page reads of it, and the one call that posts it. Server-side only (the page's frontmatter).
import type { PocketBase } from '../../lib/pb/client';
import { isUnavailable } from '../../lib/pb/errors';
import { attempt, type Result } from '../../stores/action';

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
export function postWaitingEmail(
  pb: PocketBase,
  token: string,
  turnstileToken: string,
): Promise<Result<{ idea: string; comment?: string }>> {
  return attempt(() =>
    pb.send('/api/chorus/inbound-email/confirm', {
      method: 'POST',
      body: { token, turnstile_token: turnstileToken },
    }),
  );
}
