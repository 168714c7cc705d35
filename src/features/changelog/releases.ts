// "New release" toasts: any open page hears when staff publish a changelog entry.
import { atom } from 'nanostores';
import type { ChangelogEntryRecord } from '../../lib/pb/staff-types';
import { listenPublic } from '../../stores/realtime';

export const $newRelease = atom<{ title: string; slug: string } | null>(null);

let started = false;

export function watchReleases(): void {
  if (started) return;
  started = true;
  const seen = new Set<string>();
  listenPublic<ChangelogEntryRecord>('releases', ({ action, record }) => {
    if (action === 'delete' || record.state !== 'published' || seen.has(record.id)) return;
    // An edit of an old release is not news: only entries published in the last minute are.
    const published = Date.parse((record.published_at || '').replace(' ', 'T'));
    if (!Number.isFinite(published) || Date.now() - published > 60_000) return;
    seen.add(record.id);
    $newRelease.set({ title: record.title, slug: record.slug });
  });
}

export function dismissRelease(): void {
  $newRelease.set(null);
}
