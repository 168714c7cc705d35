// Staff controls for the idea on the page: optimistic where it is safe (flags, tags), confirmed by the
// server for the rest; failures roll back and show a toast.
import { atom } from 'nanostores';
import { getBrowserClient } from '../lib/pb/client';
import { toAppError } from '../lib/pb/errors';
import {
  deletePost,
  mergePost,
  type PostSearchHit,
  type StaffFlag,
  saveIdeaTags,
  searchMergeTargets,
  updatePostFields,
  voteOnBehalf,
} from '../lib/pb/staff';
import { showToast } from './toast';

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

async function patch(fields: Partial<StaffPostState>, done?: string): Promise<boolean> {
  const before = $staffPost.get();
  if (!before) return false;
  $staffPost.set({ ...before, ...fields });
  try {
    await updatePostFields(getBrowserClient(), before.id, fields);
    if (done) showToast(done);
    return true;
  } catch (error) {
    $staffPost.set(before);
    showToast(toAppError(error).message);
    return false;
  }
}

export function changeStatus(status: string, response: string): Promise<boolean> {
  return patch({ status, response }, 'Status updated. Followers and voters are notified.');
}

/** Sets the idea's tags; `staffOnly` names the staff-only tags, which are stored apart (post_staff_tags). */
export async function setTags(tags: string[], staffOnly: string[]): Promise<boolean> {
  const before = $staffPost.get();
  if (!before) return false;
  $staffPost.set({ ...before, tags });
  try {
    await saveIdeaTags(getBrowserClient(), before.id, tags, staffOnly);
    return true;
  } catch (error) {
    $staffPost.set(before);
    showToast(toAppError(error).message);
    return false;
  }
}

export function setFlag(flag: StaffFlag, value: boolean): Promise<boolean> {
  return patch({ [flag]: value });
}

export async function removePost(): Promise<void> {
  const post = $staffPost.get();
  if (!post) return;
  try {
    await deletePost(getBrowserClient(), post.id);
    location.assign('/');
  } catch (error) {
    showToast(toAppError(error).message);
  }
}

export async function findMergeTargets(query: string): Promise<PostSearchHit[]> {
  const post = $staffPost.get();
  if (!post || query.trim().length < 2) return [];
  try {
    return await searchMergeTargets(getBrowserClient(), post.id, query.trim());
  } catch {
    return [];
  }
}

export async function mergeInto(targetId: string): Promise<void> {
  const post = $staffPost.get();
  if (!post) return;
  try {
    await mergePost(getBrowserClient(), post.id, targetId);
    location.assign(`/p/${targetId}`);
  } catch (error) {
    showToast(toAppError(error).message);
  }
}

/** Records a customer's vote; returns a message to show next to the field. */
export async function voteForCustomer(email: string): Promise<{ ok: boolean; message: string }> {
  const post = $staffPost.get();
  if (!post) return { ok: false, message: 'No idea selected.' };
  try {
    const result = await voteOnBehalf(getBrowserClient(), post.id, email.trim());
    const who = result.user.name || email;
    if (result.already_voted) return { ok: true, message: `${who} had already voted.` };
    return { ok: true, message: `Vote recorded for ${who}${result.user_created ? ' (new account)' : ''}.` };
  } catch (error) {
    const appError = toAppError(error);
    return {
      ok: false,
      message: appError.kind === 'validation' ? (appError.fields.email ?? appError.message) : appError.message,
    };
  }
}
