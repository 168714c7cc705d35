// Following an idea: one subscription per member and idea.
import type { PocketBase } from '../../lib/pb/client';
import { ownRowId } from '../../lib/pb/own-row';
import type { SubscriptionRecord } from '../../lib/pb/post-types';

export const findSubscription = (pb: PocketBase, postId: string, userId: string): Promise<string | null> =>
  ownRowId(pb, 'subscriptions', postId, userId);

export async function createSubscription(pb: PocketBase, postId: string, userId: string): Promise<string> {
  return (await pb.collection('subscriptions').create<SubscriptionRecord>({ post: postId, user: userId })).id;
}

export async function deleteSubscription(pb: PocketBase, id: string): Promise<void> {
  await pb.collection('subscriptions').delete(id);
}
