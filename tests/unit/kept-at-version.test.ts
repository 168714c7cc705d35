// What a kept read follows (issue 59, src/lib/pb/kept-at-version.ts): the shell's part of a session's version for
// what members see too (one entry whoever asks), the whole of a staff member's for staff's own reads, and nothing
// (read, not kept) when staff's part is missing.
import { beforeEach, expect, it } from 'vitest';
import { forgetKept, keptAtVersion, versionFollowed } from '../../src/lib/pb/kept-at-version';

const SHELL = 'a'.repeat(20);
const STAFF = `${SHELL}.${'b'.repeat(20)}`;
const same = <T>(value: T) => value;

beforeEach(() => forgetKept());

it('keeps the site, statuses, tags and boards under the shell’s part, whoever asks', () => {
  for (const key of ['site and statuses', 'tags', 'staff tags', 'audience boards', 'staff boards'] as const) {
    expect(versionFollowed(key, SHELL), key).toBe(SHELL);
    expect(versionFollowed(key, STAFF), key).toBe(SHELL);
  }
});

it('keeps staff’s own reads under a staff member’s whole version, and not without staff’s part', () => {
  for (const key of ['staff segments', 'staff scoring', 'staff trackers'] as const) {
    expect(versionFollowed(key, STAFF), key).toBe(STAFF);
    expect(versionFollowed(key, SHELL), key).toBeNull();
  }
  expect(versionFollowed('tags', null)).toBeNull();
});

it('reads the site once for a member and a moderator taking turns under one shell version', async () => {
  let reads = 0;
  const read = async () => ++reads;
  for (const version of [SHELL, STAFF, SHELL, STAFF]) await keptAtVersion('site and statuses', version, read, same);
  expect(reads).toBe(1);
});

it('reads staff’s scoring again when staff’s part changes, and every time without it', async () => {
  let reads = 0;
  const read = async () => ++reads;
  await keptAtVersion('staff scoring', STAFF, read, same);
  await keptAtVersion('staff scoring', STAFF, read, same);
  expect(reads).toBe(1);
  await keptAtVersion('staff scoring', `${SHELL}.${'c'.repeat(20)}`, read, same);
  expect(reads).toBe(2);
  await keptAtVersion('staff scoring', SHELL, read, same);
  await keptAtVersion('staff scoring', SHELL, read, same);
  expect(reads).toBe(4);
});
