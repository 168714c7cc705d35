// What pages show alike for a whole audience (the site and its statuses; the tags and the boards, as the member
// audience and as staff see them; staff's segment choices, scoring formula and tracker connections), kept per Worker isolate under the shell version
// PocketBase names in each member's auth refresh (issue 59, pb_hooks/site/shell-version.js: new after every write
// to any of them): read again only when the version changes, and read only once the version is known, so what is
// kept is never older than the version it is kept under.

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
  const named = await version;
  const entry = named ? kept.get(key) : undefined;
  if (entry && entry.version === named) return copy(entry.value as T);
  const value = await read();
  if (named) kept.set(key, { version: named, value: copy(value) });
  return value;
}

/** A copy of a list of records holding plain values only (text, numbers, booleans): cheaper than structuredClone. */
export function copyRecords<T extends object>(records: T[]): T[] {
  return records.map((record) => ({ ...record }));
}

/** Forgets everything kept (tests). */
export function forgetKept(): void {
  kept.clear();
}
