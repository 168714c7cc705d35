// Statuses and tags: the vocabulary of list filters and status pills.
import type { PocketBase } from './client';
import type { TagRecord } from './post-types';
import type { StatusRecord } from './types';

export function listStatuses(pb: PocketBase): Promise<StatusRecord[]> {
  return pb.collection('statuses').getFullList<StatusRecord>({ sort: 'position,name' });
}

export function listTags(pb: PocketBase): Promise<TagRecord[]> {
  return pb.collection('tags').getFullList<TagRecord>({ sort: 'name' });
}
