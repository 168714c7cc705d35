// Following an idea: one subscription per member and idea.
import type { PocketBase } from '../../lib/pb/client';
import type { SubscriptionRecord } from '../../lib/pb/post-types';

export async function findSubscription(pb: PocketBase, postId: string, userId: string): Promise<string | null> {
  const list = await pb.collection('subscriptions').getList<SubscriptionRecord>(1, 1, {
    filter: pb.filter('post = {:post} && user = {:user}', { post: postId, user: userId }),
    fields: 'id',
    skipTotal: true,
  });
  return list.items[0]?.id ?? null;
}

export async function createSubscription(pb: PocketBase, postId: string, userId: string): Promise<string> {
  return (await pb.collection('subscriptions').create<SubscriptionRecord>({ post: postId, user: userId })).id;
}

export async function deleteSubscription(pb: PocketBase, id: string): Promise<void> {
  await pb.collection('subscriptions').delete(id);
}
