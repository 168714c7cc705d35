// The "what's new" badge: how many releases this person has not seen yet. Members' last look is kept
// on the server (release_reads), visitors' in this browser; a newly published release counts live.
import { atom, onMount } from 'nanostores';
import { readLocal, writeLocal } from '../../lib/frame-state';
import type { ChangelogEntryRecord } from '../../lib/pb/staff-types';
import { getClient } from '../../stores/client';
import { listenPublic, onReconnect } from '../../stores/realtime';
import { $session } from '../../stores/session';
import { countReleasesSince, findReleaseRead, type ReleaseReadRecord, saveReleaseRead } from './release-reads';

export const $unseenReleases = atom(0);

const SEEN_KEY = 'chorus:releases-seen-at';
/** Someone who never looked is told about the last month's releases, not every release ever. */
const FIRST_LOOK_DAYS = 30;
let serverRead: { userId: string; record: ReleaseReadRecord | null } | null = null;
let generation = 0;

onMount($unseenReleases, () => {
  void refresh();
  const stops = [
    listenPublic<ChangelogEntryRecord>('releases', ({ record }) => {
      if (record.state === 'published') void refresh();
    }),
    $session.listen(() => void refresh()),
    onReconnect(() => void refresh()),
  ];
  return () => {
    for (const stop of stops) stop();
  };
});

/** Marks every release published so far as seen (the changelog was opened). */
export async function markReleasesSeen(): Promise<void> {
  const now = new Date().toISOString();
  generation += 1;
  $unseenReleases.set(0);
  writeLocal(SEEN_KEY, now);
  const user = $session.get()?.id ?? currentUser();
  if (!user) return;
  try {
    const pb = getClient();
    const existing = await loadServerRead(user);
    serverRead = { userId: user, record: await saveReleaseRead(pb, user, existing, now) };
  } catch {
    // The browser's copy still holds; the next look tries again.
  }
}

async function refresh(): Promise<void> {
  const mine = ++generation;
  try {
    const user = $session.get()?.id ?? currentUser();
    const serverSeen = user ? (await loadServerRead(user))?.seen_at.replace(' ', 'T') : undefined;
    const since =
      serverSeen ?? readLocal(SEEN_KEY) ?? new Date(Date.now() - FIRST_LOOK_DAYS * 86_400_000).toISOString();
    const count = await countReleasesSince(getClient(), since);
    if (mine === generation) $unseenReleases.set(count);
  } catch {
    // Keep the last count; a reconnect refreshes it.
  }
}

async function loadServerRead(userId: string): Promise<ReleaseReadRecord | null> {
  if (serverRead?.userId !== userId) {
    serverRead = { userId, record: await findReleaseRead(getClient(), userId) };
  }
  return serverRead.record;
}

function currentUser(): string | null {
  const pb = getClient();
  return pb.authStore.isValid && pb.authStore.record?.collectionName === 'users' ? pb.authStore.record.id : null;
}
