// The signed-in member's own account: profile, avatar, email preferences; and the email unsubscribe link.
import type { PocketBase } from './client';
import type { EmailPreference } from './staff-types';
import type { UserRecord } from './types';

export type AccountRecord = UserRecord & Record<EmailPreference, boolean>;

export function loadAccount(pb: PocketBase, id: string): Promise<AccountRecord> {
  return pb.collection('users').getOne<AccountRecord>(id);
}

/** Saves name, avatar and preferences, then refreshes the session so the header shows the change. */
export async function updateAccount(pb: PocketBase, id: string, data: FormData): Promise<AccountRecord> {
  const record = await pb.collection('users').update<AccountRecord>(id, data);
  await pb.collection('users').authRefresh();
  return record;
}

/** Turns off the email kind a signed unsubscribe token names. */
export function unsubscribe(pb: PocketBase, token: string): Promise<{ preference: EmailPreference; user: string }> {
  return pb.send('/api/chorus/unsubscribe', { method: 'POST', body: { token } });
}
