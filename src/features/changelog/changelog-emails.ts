// Release emails for anyone: the site's calls to PocketBase's sign-in-free routes
// (pb_hooks/changelog/changelog-subscribers.pb.js). Results are a small union the pages word themselves.
import { ClientResponseError, type PocketBase } from '../../lib/pb/client';
import { isRateLimited, isUnavailable } from '../../lib/pb/errors';

export type SubscribeOutcome = 'sent' | 'invalid-email' | 'rate-limited' | 'failed';
export type LinkOutcome = 'done' | 'invalid' | 'failed';

/** Longest text the form passes on (PocketBase refuses anything longer than an address anyway). */
export const MAX_EMAIL_INPUT = 320;

/** Asks for release emails to `email` in `locale`; 'sent' whatever the address's state (no enumeration). */
export async function subscribeToChangelog(pb: PocketBase, email: string, locale: string): Promise<SubscribeOutcome> {
  try {
    await pb.send('/api/chorus/changelog/subscribe', { method: 'POST', body: { email, locale } });
    return 'sent';
  } catch (error) {
    if (isUnavailable(error)) throw error;
    if (isRateLimited(error)) return 'rate-limited';
    if (error instanceof ClientResponseError && error.status === 400) return 'invalid-email';
    return 'failed';
  }
}

async function useLink(pb: PocketBase, path: 'confirm' | 'unsubscribe', token: string): Promise<LinkOutcome> {
  try {
    await pb.send(`/api/chorus/changelog/${path}`, { method: 'POST', body: { token } });
    return 'done';
  } catch (error) {
    if (isUnavailable(error)) throw error;
    return error instanceof ClientResponseError && error.status === 400 ? 'invalid' : 'failed';
  }
}

export const confirmChangelogEmails = (pb: PocketBase, token: string) => useLink(pb, 'confirm', token);

/** How many confirmed addresses get release emails (staff only; a count, never the addresses). */
export async function countChangelogSubscribers(pb: PocketBase): Promise<number> {
  const answer = await pb.send<{ confirmed: number }>('/api/chorus/changelog/subscribers/count', { method: 'GET' });
  return answer.confirmed;
}
