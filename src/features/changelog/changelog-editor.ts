// The changelog editor's actions: save a draft or publish (publishing notifies voters and can mark the
// linked ideas Done, in the server's hooks).

import type { ChangelogEntryRecord } from '../../lib/pb/staff-types';
import { attempt, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import { saveEntry, searchLinkableIdeas } from './changelog';

export { slugify } from './slug';

export function saveChangelogEntry(id: string | null, data: FormData): Promise<Result<ChangelogEntryRecord>> {
  return attempt(() => saveEntry(getClient(), id, data));
}

export async function findLinkableIdeas(query: string): Promise<{ id: string; title: string }[]> {
  if (query.trim().length < 2) return [];
  try {
    return await searchLinkableIdeas(getClient(), query.trim());
  } catch {
    return [];
  }
}
