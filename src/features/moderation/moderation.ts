// The moderation queue and member management: optimistic, rolled back with a toast on failure.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import type { Role } from '../../lib/pb/types';
import { act, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import { updateMember } from '../site/admin-data';
import { deletePost, updatePostFields } from '../staff/staff-data';
import {
  closeReports,
  deleteComment,
  type HeldComment,
  type HeldFor,
  type ReportedItem,
  setCommentHidden,
} from './reports-data';

export interface QueuedPost {
  id: string;
  title: string;
  board: string;
  author: string;
  /** Why the server held it for review (pb_hooks/moderation/hold-rules.js); absent: the site's approval. */
  heldFor?: HeldFor | '';
}

export interface MemberRow {
  id: string;
  name: string;
  email: string;
  role: Role;
  blocked: boolean;
}

export const $queue = atom<QueuedPost[] | null>(null);
export const $members = atom<MemberRow[] | null>(null);
export const $heldComments = atom<HeldComment[] | null>(null);
export const $reported = atom<ReportedItem[] | null>(null);

function change<T>(
  store: { get(): T; set(v: T): void },
  next: T,
  send: () => Promise<unknown>,
  success: string,
): Promise<Result<unknown>> {
  const before = store.get();
  return act({
    apply: () => {
      store.set(next);
      return () => store.set(before);
    },
    send,
    success,
    failure: '',
  });
}

export function decideQueued(id: string, approve: boolean): Promise<Result<unknown>> {
  const pb = getClient();
  return change(
    $queue,
    $queue.get()?.filter((p) => p.id !== id) ?? null,
    () => (approve ? updatePostFields(pb, id, { approved: true }) : deletePost(pb, id)),
    approve ? translate('adminQueue', 'approved') : translate('adminQueue', 'deleted'),
  );
}

export function changeMember(id: string, data: { role?: Role; blocked?: boolean }): Promise<Result<unknown>> {
  const next = $members.get()?.map((m) => (m.id === id ? { ...m, ...data } : m)) ?? null;
  return change($members, next, () => updateMember(getClient(), id, data), translate('adminMembers', 'updated'));
}

/** A held comment: shown to everyone (approve) or deleted (a moderator's decision, never the server's). */
export function decideHeldComment(id: string, approve: boolean): Promise<Result<unknown>> {
  const pb = getClient();
  return change(
    $heldComments,
    $heldComments.get()?.filter((c) => c.id !== id) ?? null,
    () => (approve ? setCommentHidden(pb, id, false) : deleteComment(pb, id)),
    approve ? translate('adminQueue', 'commentShown') : translate('adminQueue', 'deleted'),
  );
}

/** A reported item: dismiss its reports, hide it (its reports close as acted on), or delete it (they go with it). */
export function decideReported(item: ReportedItem, decision: 'dismiss' | 'hide' | 'delete'): Promise<Result<unknown>> {
  const pb = getClient();
  const send = {
    dismiss: () => closeReports(pb, item.reportIds, 'dismissed'),
    hide: () =>
      item.commentId
        ? setCommentHidden(pb, item.commentId, true)
        : updatePostFields(pb, item.postId, { approved: false }),
    delete: () => (item.commentId ? deleteComment(pb, item.commentId) : deletePost(pb, item.postId)),
  }[decision];
  const words = { dismiss: 'dismissed', hide: 'hidden', delete: 'deleted' } as const;
  return change(
    $reported,
    $reported.get()?.filter((r) => r !== item) ?? null,
    send,
    translate('adminQueue', words[decision]),
  );
}
