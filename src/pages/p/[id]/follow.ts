// POST: follows or unfollows an idea from a plain form (before hydration, or with JavaScript off).
import type { APIRoute } from 'astro';
import { backPath, seeOther, signInFirst, withNotice } from '../../../lib/form-post';
import { createSubscription, deleteSubscription, findSubscription } from '../../../lib/pb/subscriptions';

export const POST: APIRoute = async ({ params, request, locals }) => {
  const postId = params.id ?? '';
  const back = backPath(await request.formData(), `/p/${postId}`);
  const { pb, user } = locals;
  if (!user) return signInFirst(back);
  try {
    const existing = await findSubscription(pb, postId, user.id);
    if (existing) await deleteSubscription(pb, existing);
    else await createSubscription(pb, postId, user.id);
    return seeOther(back);
  } catch {
    return seeOther(withNotice(back, 'follow'));
  }
};
