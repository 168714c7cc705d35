// The member's own language (users.locale): pages and emails follow it once saved.
import type { Locale } from '../../i18n/locales';
import type { PocketBase } from './client';

export async function saveMemberLocale(pb: PocketBase, userId: string, locale: Locale): Promise<void> {
  await pb.collection('users').update(userId, { locale });
}
