// The moderation queue and member management: optimistic, rolled back with a toast on failure.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import type { Role } from '../../lib/pb/types';
import { act, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import { updateMember } from '../site/admin-data';
import { deletePost, updatePostFields } from '../staff/staff-data';

export interface QueuedPost {
  id: string;
  title: string;
  board: string;
  author: string;
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
