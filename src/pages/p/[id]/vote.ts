// POST: toggles the signed-in member's vote from a plain form (before hydration, or with JavaScript off).
import type { APIRoute } from 'astro';
import { backPath, seeOther, signInFirst, withNotice } from '../../../lib/form-post';
import { createVote, deleteVote, findMyVote } from '../../../lib/pb/votes';

export const POST: APIRoute = async ({ params, request, locals }) => {
  const postId = params.id ?? '';
  const back = backPath(await request.formData(), `/p/${postId}`);
  const { pb, user } = locals;
  if (!user) return signInFirst(back);
  try {
    const existing = await findMyVote(pb, postId, user.id);
    if (existing) await deleteVote(pb, existing);
    else await createVote(pb, postId, user.id);
    return seeOther(back);
  } catch {
    return seeOther(withNotice(back, 'vote'));
  }
};
