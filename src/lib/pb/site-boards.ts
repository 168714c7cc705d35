// One board by its slug, when the navigation (non-archived boards) does not have it.
import type { PocketBase } from './client';
import type { BoardRecord } from './types';

export function findBoard(pb: PocketBase, slug: string): Promise<BoardRecord> {
  return pb.collection('boards').getFirstListItem<BoardRecord>(pb.filter('slug = {:slug}', { slug }));
}
