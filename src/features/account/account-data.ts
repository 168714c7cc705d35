// The signed-in member's own account: profile, avatar, email preferences (how often each kind of email
// comes, and the time zone digests follow); and the email unsubscribe link.
import { refreshMemberAuth } from '../../lib/pb/auth-refresh';
import type { PocketBase } from '../../lib/pb/client';
import { EMAIL_PREFERENCES, type EmailPreference } from '../../lib/pb/staff-types';
import type { UserRecord } from '../../lib/pb/types';

export const EMAIL_FREQUENCIES = ['instant', 'daily', 'weekly', 'off'] as const;
export type EmailFrequency = (typeof EMAIL_FREQUENCIES)[number];
export const FREQUENCY_FIELDS = ['comment_emails', 'status_emails', 'release_emails'] as const;
export type FrequencyField = (typeof FREQUENCY_FIELDS)[number];
export type EmailPreferences = Record<EmailPreference, boolean> &
  Record<FrequencyField, EmailFrequency> & { time_zone: string };
export type AccountRecord = UserRecord & EmailPreferences;

/** The member's record with their email preferences (hidden fields, read through their own route). */
export async function loadAccount(pb: PocketBase, id: string): Promise<AccountRecord> {
  const [user, preferences] = await Promise.all([
    pb.collection('users').getOne<UserRecord>(id),
    pb.send<EmailPreferences>('/api/chorus/preferences', { method: 'GET' }),
  ]);
  return { ...user, ...preferences };
}

/**
 * Saves name, avatar and preferences, then refreshes the session so the header shows the change. Preferences
 * are hidden fields, written through their own route.
 */
export async function updateAccount(pb: PocketBase, id: string, data: FormData): Promise<AccountRecord> {
  const preferences: Partial<Record<string, boolean | string>> = {};
  for (const name of EMAIL_PREFERENCES) {
    if (!data.has(name)) continue;
    preferences[name] = data.get(name) === 'true';
    data.delete(name);
  }
  for (const name of [...FREQUENCY_FIELDS, 'time_zone']) {
    if (!data.has(name)) continue;
    preferences[name] = String(data.get(name));
    data.delete(name);
  }
  // Preferences first: a refused frequency or time zone leaves the whole form unsaved, to correct and resend.
  const saved = await pb.send<EmailPreferences>('/api/chorus/preferences', { method: 'POST', body: preferences });
  const record = await pb.collection('users').update<UserRecord>(id, data);
  await refreshMemberAuth(pb);
  return { ...record, ...saved };
}

/** Turns off the email kind a signed unsubscribe token names. */
export function unsubscribe(pb: PocketBase, token: string): Promise<{ preference: EmailPreference; user: string }> {
  return pb.send('/api/chorus/unsubscribe', { method: 'POST', body: { token } });
}
