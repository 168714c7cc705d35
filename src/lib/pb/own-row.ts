// A member's own row on an idea (their vote, their subscription: one per member and idea): its id, or null. The one
// home of that lookup for the features that keep such a row.
import type { PocketBase } from './client';

/** The id of `userId`'s row of `collection` on idea `postId`, or null when they have none. */
export async function ownRowId(
  pb: PocketBase,
  collection: 'votes' | 'subscriptions',
  postId: string,
  userId: string,
): Promise<string | null> {
  const list = await pb.collection(collection).getList<{ id: string }>(1, 1, {
    filter: pb.filter('post = {:post} && user = {:user}', { post: postId, user: userId }),
    fields: 'id',
    skipTotal: true,
  });
  return list.items[0]?.id ?? null;
}
