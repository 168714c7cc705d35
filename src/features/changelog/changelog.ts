// Releases: the published list and pages, the feed, and the staff editor's writes.
import type { PocketBase } from '../../lib/pb/client';
import { fileUrl } from '../../lib/pb/file-urls';
import type { ChangelogEntryRecord, PostRecordLite } from '../../lib/pb/staff-types';

const POST_FIELDS = 'expand.posts.id,expand.posts.title,expand.posts.vote_count';
const ENTRY_FIELDS = `id,collectionId,collectionName,title,slug,body,cover,labels,state,published_at,posts,mark_done,created,updated,${POST_FIELDS}`;

export function listPublishedEntries(pb: PocketBase, page = 1, perPage = 20) {
  return pb.collection('changelog_entries').getList<ChangelogEntryRecord>(page, perPage, {
    filter: 'state = "published"',
    sort: '-published_at',
    expand: 'posts',
    fields: ENTRY_FIELDS,
  });
}

/** A published entry by slug (staff also see drafts), or null. */
export async function findEntryBySlug(pb: PocketBase, slug: string): Promise<ChangelogEntryRecord | null> {
  const list = await pb.collection('changelog_entries').getList<ChangelogEntryRecord>(1, 1, {
    filter: pb.filter('slug = {:slug}', { slug }),
    expand: 'posts',
    fields: ENTRY_FIELDS,
    skipTotal: true,
  });
  return list.items[0] ?? null;
}

export function listAllEntries(pb: PocketBase) {
  return pb.collection('changelog_entries').getFullList<ChangelogEntryRecord>({ sort: '-created', expand: 'posts' });
}

/** The entry's cover, from the site's /files/ route (a draft's is staff-only: see ./file-urls.ts). */
export function coverUrl(entry: ChangelogEntryRecord, thumb = '640x0'): string | null {
  return entry.cover ? fileUrl(entry, entry.cover, thumb) : null;
}

export function linkedPosts(entry: ChangelogEntryRecord): PostRecordLite[] {
  return entry.expand?.posts ?? [];
}

/** Creates or updates an entry from the editor's form (FormData carries the cover). */
export function saveEntry(pb: PocketBase, id: string | null, data: FormData): Promise<ChangelogEntryRecord> {
  const entries = pb.collection('changelog_entries');
  return id ? entries.update<ChangelogEntryRecord>(id, data) : entries.create<ChangelogEntryRecord>(data);
}

export function deleteEntry(pb: PocketBase, id: string): Promise<boolean> {
  return pb.collection('changelog_entries').delete(id);
}

/** Ideas a release can link to, by title. */
export async function searchLinkableIdeas(pb: PocketBase, query: string): Promise<{ id: string; title: string }[]> {
  const list = await pb.collection('posts').getList<{ id: string; title: string }>(1, 8, {
    filter: pb.filter('title ~ {:q} && merged_into = ""', { q: query }),
    sort: '-vote_count',
    fields: 'id,title',
    skipTotal: true,
  });
  return list.items;
}

/** A changelog entry left as a draft for a person to publish (nothing is published or emailed). */
export function createDraftEntry(
  pb: PocketBase,
  entry: { title: string; slug: string; body: string; labels: string[]; posts: string[] },
) {
  return pb
    .collection('changelog_entries')
    .create({ ...entry, state: 'draft' }, { fields: 'id,title,slug,state,posts' });
}
