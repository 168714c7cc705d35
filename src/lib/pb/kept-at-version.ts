// What pages show alike for a whole audience (the site and its statuses; the tags, the boards and their custom
// fields, as the member audience and as staff see them; staff's segment choices, scoring formula and tracker connections), kept per
// Worker isolate under the versions PocketBase names in each member's session check (issue 59,
// pb_hooks/site/shell-version.js: the shell's, new after every write to the site, a status, a tag, a board or a
// custom field; for
// staff, a dot and staff's, new after every write to a segment, the scoring or a tracker connection): read again
// only when the version a read follows changes, and read only once it is known, so what is kept is never older than
// the version it is kept under.

interface Entry {
  version: string;
  value: unknown;
}

/** What is kept, one entry each: a fixed handful, so this never grows with traffic. */
export type KeptRead =
  | 'site and statuses'
  | 'tags'
  | 'staff tags'
  | 'audience boards'
  | 'staff boards'
  | 'visitor boards'
  | 'audience fields'
  | 'staff fields'
  | 'visitor fields'
  | 'staff segments'
  | 'staff scoring'
  | 'staff trackers';

const kept = new Map<KeptRead, Entry>();

/**
 * `read()`'s answer for `key`: what this isolate kept when `version` is the one it was kept under, else read now
 * (after the version is known) and kept under it. Without a version (a visitor, a refused session) it is read and
 * not kept. Each caller gets its own `copy`: nothing one page does to it reaches another request.
 */
export async function keptAtVersion<T>(
  key: KeptRead,
  version: Promise<string | null> | string | null,
  read: () => Promise<T>,
  copy: (value: T) => T,
): Promise<T> {
  const named = versionFollowed(key, await version);
  const entry = named ? kept.get(key) : undefined;
  if (entry && entry.version === named) return copy(entry.value as T);
  const value = await read();
  if (named) kept.set(key, { version: named, value: copy(value) });
  return value;
}

/** Reads that follow staff's collections (VERSIONED_STAFF_COLLECTIONS): kept under a staff member's whole version. */
const STAFF_FOLLOWED: ReadonlySet<KeptRead> = new Set(['staff segments', 'staff scoring', 'staff trackers']);

/**
 * The part of a session's `version` that `key` is kept under: the shell's (before the dot) for the site, statuses,
 * tags and boards, whoever asks (staff and members keep one entry, not one each); the whole of it for staff's own
 * reads, or null when it names no staff version (read, not kept).
 */
export function versionFollowed(key: KeptRead, version: string | null): string | null {
  if (!version) return null;
  const dot = version.indexOf('.');
  if (!STAFF_FOLLOWED.has(key)) return dot < 0 ? version : version.slice(0, dot);
  return dot < 0 ? null : version;
}

/** A copy of a list of records holding plain values only (text, numbers, booleans): cheaper than structuredClone. */
export function copyRecords<T extends object>(records: T[]): T[] {
  return records.map((record) => ({ ...record }));
}

/** Forgets everything kept (tests). */
export function forgetKept(): void {
  kept.clear();
}
