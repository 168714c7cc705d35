// Statuses and tags: the vocabulary of list filters and status pills.
import type { PocketBase } from '../../lib/pb/client';
import type { TagRecord } from '../../lib/pb/post-types';
import type { StatusRecord } from '../../lib/pb/types';

export function listStatuses(pb: PocketBase): Promise<StatusRecord[]> {
  return pb.collection('statuses').getFullList<StatusRecord>({ sort: 'position,name' });
}

export function listTags(pb: PocketBase): Promise<TagRecord[]> {
  return pb.collection('tags').getFullList<TagRecord>({ sort: 'name' });
}
