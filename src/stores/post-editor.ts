// Saving an author's edit of their idea, keeping what they typed when the server refuses.
import { atom } from 'nanostores';
import { checkTitle } from '../lib/image-files';
import { getBrowserClient } from '../lib/pb/client';
import { toAppError } from '../lib/pb/errors';
import { updatePost } from '../lib/pb/posts';

export const $editErrors = atom<{ title?: string; form?: string }>({});

export async function saveIdea(postId: string, title: string, body: string): Promise<boolean> {
  const titleError = checkTitle(title);
  if (titleError) {
    $editErrors.set({ title: titleError });
    return false;
  }
  try {
    await updatePost(getBrowserClient(), postId, { title: title.trim(), body });
    $editErrors.set({});
    return true;
  } catch (error) {
    const e = toAppError(error);
    const fieldTitle = e.kind === 'validation' ? e.fields.title : undefined;
    $editErrors.set({ ...(fieldTitle ? { title: fieldTitle } : {}), form: `Not saved: ${e.message}` });
    return false;
  }
}
