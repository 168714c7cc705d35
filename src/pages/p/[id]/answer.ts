// POST: a member answers a question staff sent them, from the plain form on the idea page (PocketBase's rules
// decide whether it was theirs to answer), then goes back to the idea.
import type { APIRoute } from 'astro';
import { createAnswer } from '../../../features/asks/asks-data';
import { seeOther, signInFirst } from '../../../lib/form-post';

export const POST: APIRoute = async ({ params, request, locals }) => {
  const page = `/p/${params.id ?? ''}`;
  const form = await request.formData();
  const { pb, user } = locals;
  if (!user) return signInFirst(page);
  const body = String(form.get('body') ?? '').trim();
  const question = String(form.get('question') ?? '');
  if (!body) return seeOther(`${page}#ask`);
  try {
    await createAnswer(pb, question, user.id, body);
    return seeOther(`${page}?answered=1#ask`);
  } catch {
    return seeOther(`${page}#ask`);
  }
};
