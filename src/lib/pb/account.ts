// The signed-in member's own account: profile, avatar, email preferences; and the email unsubscribe link.
import type { PocketBase } from './client';
import { EMAIL_PREFERENCES, type EmailPreference } from './staff-types';
import type { UserRecord } from './types';

export type AccountRecord = UserRecord & Record<EmailPreference, boolean>;

/** The member's record with their email preferences (hidden fields, read through their own route). */
export async function loadAccount(pb: PocketBase, id: string): Promise<AccountRecord> {
  const [user, preferences] = await Promise.all([
    pb.collection('users').getOne<UserRecord>(id),
    pb.send<Record<EmailPreference, boolean>>('/api/chorus/preferences', { method: 'GET' }),
  ]);
  return { ...user, ...preferences };
}

/**
 * Saves name, avatar and preferences, then refreshes the session so the header shows the change. Preferences
 * are hidden fields, written through their own route.
 */
export async function updateAccount(pb: PocketBase, id: string, data: FormData): Promise<AccountRecord> {
  const preferences: Partial<Record<EmailPreference, boolean>> = {};
  for (const name of EMAIL_PREFERENCES) {
    if (!data.has(name)) continue;
    preferences[name] = data.get(name) === 'true';
    data.delete(name);
  }
  const record = await pb.collection('users').update<UserRecord>(id, data);
  const saved = await pb.send<Record<EmailPreference, boolean>>('/api/chorus/preferences', {
    method: 'POST',
    body: preferences,
  });
  await pb.collection('users').authRefresh();
  return { ...record, ...saved };
}

/** Turns off the email kind a signed unsubscribe token names. */
export function unsubscribe(pb: PocketBase, token: string): Promise<{ preference: EmailPreference; user: string }> {
  return pb.send('/api/chorus/unsubscribe', { method: 'POST', body: { token } });
}
