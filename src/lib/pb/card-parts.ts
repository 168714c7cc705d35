// What an idea's or a comment's card shows of its author and its images, read from its record (ideas, comments,
// the idea page).
import { toAvatarSrc } from './avatar';
import type { PocketBase } from './client';
import { fileUrl } from './file-urls';
import type { CommentRecord, Person, PostRecord } from './post-types';

/** The author of an idea or comment, from the copy the record carries (no user record needed). */
export function cardAuthor(
  pb: PocketBase,
  record: Pick<PostRecord | CommentRecord, 'author' | 'author_name' | 'author_avatar'>,
): Person {
  if (!record.author) return { id: '', name: 'Someone', avatarUrl: null };
  return {
    id: record.author,
    name: record.author_name || 'Member',
    avatarUrl: toAvatarSrc(pb, record.author, record.author_avatar),
  };
}

/** An idea's or comment's images, from the site's /files/ route (protected: see ./file-urls.ts). */
export function imageUrls(record: { images: string[]; collectionName: string; id: string }) {
  return (record.images ?? []).map((name) => ({
    full: fileUrl(record, name),
    thumb: fileUrl(record, name, '320x0'),
  }));
}
