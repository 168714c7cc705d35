// Chorus's access predicates over plain data, written once for both runtimes (no imports): pages and islands use
// them through src/lib/access.ts to decide what to offer, PocketBase's hooks through pb_hooks/platform/access.js (whose
// API rules decide for real).

/** Who is signed in, as far as access is concerned. */
export interface AccessUser {
  id: string;
  role: string;
  blocked: boolean;
  verified?: boolean;
}

/** The roles that act as staff; admins also manage the site. */
export const STAFF_ROLES = ['moderator', 'admin'] as const;

/** Signed in and not blocked. */
export function isActiveMember(user: Pick<AccessUser, 'blocked'> | null | undefined): boolean {
  return Boolean(user) && !user?.blocked;
}

/** Holds a staff role, blocked or not: use isStaff for anything that grants power. */
export function hasStaffRole(user: Pick<AccessUser, 'role'> | null | undefined): boolean {
  return (STAFF_ROLES as readonly string[]).includes(user?.role ?? '');
}

/** Acts as staff: a moderator or admin who is not blocked. */
export function isStaff(user: Pick<AccessUser, 'role' | 'blocked'> | null | undefined): boolean {
  return isActiveMember(user) && hasStaffRole(user);
}

/** Acts as an admin: an admin who is not blocked. */
export function isAdmin(user: Pick<AccessUser, 'role' | 'blocked'> | null | undefined): boolean {
  return isActiveMember(user) && user?.role === 'admin';
}

/** The parts of an idea that decide whether its author may still edit it. */
export interface EditableIdea {
  author: string;
  locked: boolean;
  /** Whether the idea's status is a closed one (Done, Declined). */
  closed: boolean;
}

/** Why the author may not edit an idea; pages say it in words (pageAccount.editRefused*). */
export type EditRefusal = 'notAuthor' | 'blocked' | 'locked' | 'closed';

/** Why `user` may not edit the idea's text, or null when they may (the posts update rule, author branch). */
export function whyCannotEditIdea(user: AccessUser | null | undefined, idea: EditableIdea): EditRefusal | null {
  if (!user || idea.author !== user.id) return 'notAuthor';
  if (user.blocked) return 'blocked';
  if (idea.locked) return 'locked';
  if (idea.closed) return 'closed';
  return null;
}

export function canEditIdea(user: AccessUser | null | undefined, idea: EditableIdea): boolean {
  return whyCannotEditIdea(user, idea) === null;
}
