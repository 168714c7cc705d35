// Deterministic Chorus record ids for imported things (15 characters of a SHA-256 of source, kind and
// source id), so creating the same thing twice fails on its id instead of making a copy: the import is
// idempotent even when it was interrupted between creating a record and noting it in `imports`.
import { createHash } from 'node:crypto';

export const recordIdOf = (source, kind, key) =>
  createHash('sha256').update(`${source}\u0000${kind}\u0000${key}`).digest('hex').slice(0, 15);

/** True when PocketBase refused a create because a record with that id already exists. */
export const isExistingId = (error) => error?.status === 400 && Boolean(error?.response?.data?.id);
