// POST: follows or unfollows an idea from a plain form (before hydration, or with JavaScript off).

import {
  createSubscription,
  deleteSubscription,
  findSubscription,
} from '../../../features/notifications/subscriptions';
import { togglePost } from '../../../lib/form-post';

export const POST = togglePost('follow', {
  find: findSubscription,
  remove: deleteSubscription,
  create: createSubscription,
});
