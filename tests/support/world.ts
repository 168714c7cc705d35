// The one test world of integration tests: the eight actors (made once per file), the data they act on,
// and PocketBase-style table-driven access checks: `await expectAccess(run, allowed('member', 'admin'))`.
import type PocketBase from 'pocketbase';
import { ClientResponseError, type RecordModel } from 'pocketbase';
import { expect } from 'vitest';
import type { SessionUser } from '../../src/lib/pb/types';
import type { Role, TestPocketBase } from './pocketbase';

export const ACTORS = [
  'visitor',
  'member',
  'other member',
  'blocked member',
  'blocked moderator',
  'blocked admin',
  'moderator',
  'admin',
] as const;
export type Actor = (typeof ACTORS)[number];
export type Actors = Record<Actor, PocketBase>;
/** Who may do something: true for each actor allowed, false for each refused. */
export type Expectation = Record<Actor, boolean>;

export const SIGNED_IN = ACTORS.filter((actor) => actor !== 'visitor');
export const ACTIVE_MEMBERS: Actor[] = ['member', 'other member', 'moderator', 'admin'];
export const STAFF: Actor[] = ['moderator', 'admin'];

/** The eight actors, each with its own account, signed in (the visitor is signed out). */
export async function createActors(pb: TestPocketBase): Promise<Actors> {
  const [member, other, blocked, blockedModerator, blockedAdmin, moderator, admin] = await Promise.all([
    pb.actor('member'),
    pb.actor('member'),
    pb.actor('member', { blocked: true }),
    pb.actor('moderator', { blocked: true }),
    pb.actor('admin', { blocked: true }),
    pb.actor('moderator'),
    pb.actor('admin'),
  ]);
  return {
    visitor: pb.visitor(),
    member,
    'other member': other,
    'blocked member': blocked,
    'blocked moderator': blockedModerator,
    'blocked admin': blockedAdmin,
    moderator,
    admin,
  };
}

const KIND: Record<Exclude<Actor, 'visitor'>, [Role, Record<string, unknown>]> = {
  member: ['member', {}],
  'other member': ['member', {}],
  'blocked member': ['member', { blocked: true }],
  'blocked moderator': ['moderator', { blocked: true }],
  'blocked admin': ['admin', { blocked: true }],
  moderator: ['moderator', {}],
  admin: ['admin', {}],
};

/** A new account of the same kind as `actor`, for actions that use it up (deleting oneself). */
export function freshActor(pb: TestPocketBase, actor: Actor): Promise<PocketBase> {
  if (actor === 'visitor') return Promise.resolve(pb.visitor());
  const [role, fields] = KIND[actor];
  return pb.actor(role, fields);
}

/** The session the site would hold for `client`'s account (null for a visitor): what page loaders take as the viewer. */
export function sessionOf(client: PocketBase): SessionUser | null {
  const record = client.authStore.record;
  if (!record) return null;
  return {
    id: record.id,
    name: record['name'],
    email: record['email'],
    avatarUrl: null,
    role: record['role'],
    blocked: record['blocked'],
    verified: record['verified'],
    locale: null,
  };
}

/** The record id of a signed-in client ('' for a visitor). */
export function idOf(client: PocketBase): string {
  return client.authStore.record?.id ?? '';
}

/** The expectation "these actors are allowed, every other actor is refused". */
export function allowed(...actors: readonly Actor[]): Expectation {
  return Object.fromEntries(ACTORS.map((actor) => [actor, actors.includes(actor)])) as Expectation;
}

/** Runs an action: true when PocketBase allowed it, false when it refused (400, 401, 403, 404); else rethrows. */
export async function attempt(action: () => Promise<unknown>): Promise<boolean> {
  try {
    await action();
    return true;
  } catch (error) {
    if (error instanceof ClientResponseError && [400, 401, 403, 404].includes(error.status)) return false;
    throw error;
  }
}

/** The refusal a check makes itself (e.g. "the record was not in the list"), counted like PocketBase's 404. */
export function refused(message: string): ClientResponseError {
  return new ClientResponseError({ status: 404, response: { message } });
}

/**
 * Runs `run` once per actor of the expectation (one after another, so arranged data cannot race) and
 * asserts the whole outcome table at once, so a failure shows every actor that differs.
 */
export async function expectAccess(
  run: (actor: Actor) => Promise<unknown>,
  expected: Expectation,
  message?: string,
): Promise<void> {
  const outcome = {} as Expectation;
  for (const actor of ACTORS) outcome[actor] = await attempt(() => run(actor));
  expect(outcome, message).toEqual(expected);
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

/** A comment on `post` by `author`, arranged by the superuser. */
export function createComment(
  pb: TestPocketBase,
  post: RecordModel,
  author: PocketBase,
  fields: Record<string, unknown> = {},
): Promise<RecordModel> {
  return pb.admin.collection('comments').create({ post: post.id, author: idOf(author), body: 'A comment', ...fields });
}
