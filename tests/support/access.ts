// Table-driven access tests: the actors every matrix runs over, and "was it allowed?" for one request.

import type PocketBase from 'pocketbase';
import { ClientResponseError } from 'pocketbase';
import type { TestPocketBase } from './pocketbase';

export const ACTORS = ['visitor', 'member', 'other member', 'blocked member', 'moderator', 'admin'] as const;
export type Actor = (typeof ACTORS)[number];
export const SIGNED_IN = ACTORS.filter((actor) => actor !== 'visitor');
export const STAFF: Actor[] = ['moderator', 'admin'];

/** A fresh client for the actor: its own new account, so one test cannot disturb another. */
export function signInAs(pb: TestPocketBase, actor: Actor): Promise<PocketBase> {
  switch (actor) {
    case 'visitor':
      return Promise.resolve(pb.visitor());
    case 'member':
    case 'other member':
      return pb.actor('member');
    case 'blocked member':
      return pb.actor('member', { blocked: true });
    default:
      return pb.actor(actor);
  }
}

/** True when the request succeeded, false when PocketBase refused it (400, 401, 403, 404). */
export async function allowed(request: Promise<unknown>): Promise<boolean> {
  try {
    await request;
    return true;
  } catch (error) {
    if (error instanceof ClientResponseError && [400, 401, 403, 404].includes(error.status)) return false;
    throw error;
  }
}

/** Expands "who may" into one [actor, expected] row per actor, for `it.each`. */
export function rows(may: readonly Actor[], actors: readonly Actor[] = ACTORS): [Actor, boolean][] {
  return actors.map((actor) => [actor, may.includes(actor)]);
}

export const userId = (client: PocketBase) => client.authStore.record?.id ?? '';
