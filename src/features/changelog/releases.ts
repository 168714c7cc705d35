// "New release" toasts: any open page hears when staff publish a changelog entry.
import { atom } from 'nanostores';
import type { ChangelogEntryRecord } from '../../lib/pb/staff-types';
import { listenPublic } from '../../stores/realtime';

export interface NewRelease {
  title: string;
  slug: string;
}
/** At most this many releases are announced at once: two published a moment apart are both news. */
const MOST_ANNOUNCED = 3;
/** The releases published while the page is open, newest first; each leaves when dismissed. */
export const $newReleases = atom<NewRelease[]>([]);

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
    $newReleases.set([{ title: record.title, slug: record.slug }, ...$newReleases.get()].slice(0, MOST_ANNOUNCED));
  });
}

export function dismissRelease(slug: string): void {
  $newReleases.set($newReleases.get().filter((release) => release.slug !== slug));
}
