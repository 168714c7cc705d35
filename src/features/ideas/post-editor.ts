// Saving an author's edit of their idea, keeping what they typed when the server refuses.

import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { attempt, type Result, refuse } from '../../stores/action';
import { getClient } from '../../stores/client';
import { checkTitle } from './idea-title';
import { updatePost } from './posts-data';

export const $editErrors = atom<{ title?: string; form?: string }>({});

export async function saveIdea(postId: string, title: string, body: string): Promise<Result<unknown>> {
  const titleError = checkTitle(title);
  if (titleError) {
    $editErrors.set({ title: titleError });
    return refuse(titleError, { fields: { title: titleError } });
  }
  const result = await attempt(() => updatePost(getClient(), postId, { title: title.trim(), body }));
  if (result.ok) {
    $editErrors.set({});
    return result;
  }
  const e = result.error;
  const fieldTitle = e.kind === 'validation' ? e.fields.title : undefined;
  $editErrors.set({
    ...(fieldTitle ? { title: fieldTitle } : {}),
    form: translate('composer', 'notSaved', { reason: e.message }),
  });
  return result;
}

/** A field fixed by the person loses its message at once. */
export function clearEditError(field: 'title'): void {
  const { [field]: _fixed, ...rest } = $editErrors.get();
  $editErrors.set(rest);
}
