// POST: follows or unfollows an idea from a plain form (before hydration, or with JavaScript off).
import { togglePost } from '../../../lib/form-post';
import { createSubscription, deleteSubscription, findSubscription } from '../../../lib/pb/subscriptions';

export const POST = togglePost('follow', {
  find: findSubscription,
  remove: deleteSubscription,
  create: createSubscription,
});
