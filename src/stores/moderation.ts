// The moderation queue and member management: optimistic, rolled back with a toast on failure.
import { atom } from 'nanostores';
import { updateMember } from '../lib/pb/admin';
import { getBrowserClient } from '../lib/pb/client';
import { toAppError } from '../lib/pb/errors';
import { deletePost, updatePostFields } from '../lib/pb/staff';
import type { Role } from '../lib/pb/types';
import { showToast } from './toast';

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

async function settle<T>(
  store: { get(): T; set(v: T): void },
  before: T,
  change: () => Promise<unknown>,
  done: string,
) {
  try {
    await change();
    showToast(done);
  } catch (error) {
    store.set(before);
    showToast(toAppError(error).message);
  }
}

export function decideQueued(id: string, approve: boolean): Promise<void> {
  const before = $queue.get();
  $queue.set(before?.filter((p) => p.id !== id) ?? null);
  const pb = getBrowserClient();
  return settle(
    $queue,
    before,
    () => (approve ? updatePostFields(pb, id, { approved: true }) : deletePost(pb, id)),
    approve ? 'Approved: the idea is public now.' : 'Deleted.',
  );
}

export function changeMember(id: string, data: { role?: Role; blocked?: boolean }): Promise<void> {
  const before = $members.get();
  $members.set(before?.map((m) => (m.id === id ? { ...m, ...data } : m)) ?? null);
  return settle($members, before, () => updateMember(getBrowserClient(), id, data), 'Member updated.');
}
