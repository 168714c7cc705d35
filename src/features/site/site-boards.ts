// One board by its slug: from the navigation (non-archived boards) when it has it, else from PocketBase.
import type { PocketBase } from '../../lib/pb/client';
import { isNotFound } from '../../lib/pb/errors';
import type { BoardRecord } from '../../lib/pb/types';

/** The board with this slug that the caller may see, or null. */
export async function findBoard(pb: PocketBase, navigation: BoardRecord[], slug: string): Promise<BoardRecord | null> {
  const listed = navigation.find((board) => board.slug === slug);
  if (listed) return listed;
  try {
    return await pb.collection('boards').getFirstListItem<BoardRecord>(pb.filter('slug = {:slug}', { slug }));
  } catch (error) {
    if (isNotFound(error)) return null;
    throw error;
  }
}
