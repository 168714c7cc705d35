// Staff controls for the idea on the page: optimistic where it is safe (flags, tags, status), confirmed by
// the server for the rest; failures roll back and show a toast.

import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { act, attempt, type Result, refuse, succeed } from '../../stores/action';
import { getClient } from '../../stores/client';
import {
  deletePost,
  mergePost,
  type PostSearchHit,
  type StaffFlag,
  saveIdeaTags,
  searchMergeTargets,
  updatePostFields,
  voteOnBehalf,
} from './staff-data';

export interface StaffPostState {
  id: string;
  status: string;
  response: string;
  tags: string[];
  pinned: boolean;
  locked: boolean;
  approved: boolean;
}

export const $staffPost = atom<StaffPostState | null>(null);

export function startStaffPost(post: StaffPostState): void {
  if ($staffPost.get()?.id !== post.id) $staffPost.set(post);
}

function patch(fields: Partial<StaffPostState>, success?: string): Promise<Result<unknown>> {
  const before = $staffPost.get();
  if (!before) return Promise.resolve(refuse(translate('staffTools', 'noIdea')));
  return act({
    apply: () => {
      $staffPost.set({ ...before, ...fields });
      return () => $staffPost.set(before);
    },
    send: () => updatePostFields(getClient(), before.id, fields),
    ...(success ? { success } : {}),
    failure: '',
  });
}

export function changeStatus(status: string, response: string): Promise<Result<unknown>> {
  return patch({ status, response }, translate('staffTools', 'statusUpdated'));
}

/** Sets the idea's tags; `staffOnly` names the staff-only tags, which are stored apart (post_staff_tags). */
export function setTags(tags: string[], staffOnly: string[]): Promise<Result<unknown>> {
  const before = $staffPost.get();
  if (!before) return Promise.resolve(refuse(translate('staffTools', 'noIdea')));
  return act({
    apply: () => {
      $staffPost.set({ ...before, tags });
      return () => $staffPost.set(before);
    },
    send: () => saveIdeaTags(getClient(), before.id, tags, staffOnly),
    failure: '',
  });
}

export function setFlag(flag: StaffFlag, value: boolean): Promise<Result<unknown>> {
  return patch({ [flag]: value });
}

/** Deletes the idea, then leaves its page. */
export function removePost(): Promise<Result<unknown>> {
  const post = $staffPost.get();
  if (!post) return Promise.resolve(refuse(translate('staffTools', 'noIdea')));
  return act({
    send: () => deletePost(getClient(), post.id),
    confirm: () => location.assign('/'),
    failure: '',
  });
}

export async function findMergeTargets(query: string): Promise<PostSearchHit[]> {
  const post = $staffPost.get();
  if (!post || query.trim().length < 2) return [];
  const found = await attempt(() => searchMergeTargets(getClient(), post.id, query.trim()));
  return found.ok ? found.value : [];
}

/** Merges the idea into another, then shows that one. */
export function mergeInto(targetId: string): Promise<Result<unknown>> {
  const post = $staffPost.get();
  if (!post) return Promise.resolve(refuse(translate('staffTools', 'noIdea')));
  return act({
    send: () => mergePost(getClient(), post.id, targetId),
    confirm: () => location.assign(`/p/${targetId}`),
    failure: '',
  });
}

/** Records a customer's vote; the result is the sentence to show next to the field. */
export async function voteForCustomer(email: string): Promise<Result<string>> {
  const post = $staffPost.get();
  if (!post) return refuse(translate('staffTools', 'noIdea'));
  const result = await attempt(() => voteOnBehalf(getClient(), post.id, email.trim()));
  if (!result.ok) {
    const { error } = result;
    return error.kind === 'validation' && error.fields.email ? refuse(error.fields.email) : result;
  }
  const { user, already_voted, user_created } = result.value;
  const name = user.name || email;
  if (already_voted) return succeed(translate('staffBehalf', 'alreadyVoted', { name }));
  return succeed(translate('staffBehalf', user_created ? 'recordedNewAccount' : 'recorded', { name }));
}
