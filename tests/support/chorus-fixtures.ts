// Arranges Chorus data for integration tests: the six kinds of actor, boards of each visibility,
// posts, and a way to tell an allowed action from a refused one.

import type PocketBase from 'pocketbase';
import { ClientResponseError, type RecordModel } from 'pocketbase';
import type { TestPocketBase } from './pocketbase';

export const ACTOR_NAMES = ['visitor', 'member', 'other', 'blocked', 'moderator', 'admin'] as const;
export type ActorName = (typeof ACTOR_NAMES)[number];
export type Actors = Record<ActorName, PocketBase>;
export type Outcome = 'ok' | 'denied';

/** A visitor, a member, another member, a blocked member, a moderator and an admin. */
export async function createActors(pb: TestPocketBase): Promise<Actors> {
  const [member, other, blocked, moderator, admin] = await Promise.all([
    pb.actor('member'),
    pb.actor('member'),
    pb.actor('member', { blocked: true }),
    pb.actor('moderator'),
    pb.actor('admin'),
  ]);
  return { visitor: pb.visitor(), member, other, blocked, moderator, admin };
}

export function idOf(client: PocketBase): string {
  return client.authStore.record?.id ?? '';
}

export function createBoard(pb: TestPocketBase, visibility: 'public' | 'members' | 'staff'): Promise<RecordModel> {
  const slug = `${visibility}-${Math.random().toString(36).slice(2, 8)}`;
  return pb.admin.collection('boards').create({ name: slug, slug, visibility });
}

/** A post written by `author`, arranged by the superuser (approved unless told otherwise). */
export function createPost(
  pb: TestPocketBase,
  board: RecordModel,
  author: PocketBase,
  fields: Record<string, unknown> = {},
): Promise<RecordModel> {
  return pb.admin
    .collection('posts')
    .create({ board: board.id, author: idOf(author), title: 'An idea', body: 'Details', approved: true, ...fields });
}

/** Runs an action and reports whether PocketBase allowed it; anything but a refusal is rethrown. */
export async function outcomeOf(action: () => Promise<unknown>): Promise<Outcome> {
  try {
    await action();
    return 'ok';
  } catch (error) {
    if (error instanceof ClientResponseError && [400, 401, 403, 404].includes(error.status)) return 'denied';
    throw error;
  }
}

/** Builds an expectation row: who is allowed; everyone else is refused. */
export function allowed(...names: ActorName[]): Record<ActorName, Outcome> {
  return Object.fromEntries(ACTOR_NAMES.map((name) => [name, names.includes(name) ? 'ok' : 'denied'])) as Record<
    ActorName,
    Outcome
  >;
}
