// The changelog editor's actions: save a draft or publish (publishing notifies voters and can mark the
// linked ideas Done, in the server's hooks).

import { saveEntry, searchLinkableIdeas } from '../lib/pb/changelog';
import { getBrowserClient } from '../lib/pb/client';
import { type AppError, toAppError } from '../lib/pb/errors';
import type { ChangelogEntryRecord } from '../lib/pb/staff-types';

export { slugify } from '../lib/slug';

export async function saveChangelogEntry(id: string | null, data: FormData): Promise<AppError | ChangelogEntryRecord> {
  try {
    return await saveEntry(getBrowserClient(), id, data);
  } catch (error) {
    return toAppError(error);
  }
}

export async function findLinkableIdeas(query: string): Promise<{ id: string; title: string }[]> {
  if (query.trim().length < 2) return [];
  try {
    return await searchLinkableIdeas(getBrowserClient(), query.trim());
  } catch {
    return [];
  }
}
