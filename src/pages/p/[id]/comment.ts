// POST: adds a comment from a plain form (before hydration, or with JavaScript off), then shows it.
import type { APIRoute } from 'astro';
import { createComment } from '../../../features/comments/comments-data';
import { seeOther, signInFirst, withNotice } from '../../../lib/form-post';

export const POST: APIRoute = async ({ params, request, locals }) => {
  const postId = params.id ?? '';
  const page = `/p/${postId}`;
  const body = String((await request.formData()).get('body') ?? '').trim();
  const { pb, user } = locals;
  if (!user) return signInFirst(page);
  if (!body) return seeOther(withNotice(`${page}#comments-heading`, 'empty-comment'));
  try {
    const comment = await createComment(pb, { post: postId, author: user.id, body });
    return seeOther(`${page}#c-${comment.id}`);
  } catch {
    return seeOther(withNotice(`${page}#comments-heading`, 'comment'));
  }
};
