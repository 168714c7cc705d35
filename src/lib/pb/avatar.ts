// The one place a member's avatar becomes an image address: their uploaded file (a PocketBase thumb), else the
// picture their team's app gave at single sign-on (`avatar_url`, an https address browsers load themselves,
// with no referrer). Ideas and comments carry either one in `author_avatar` (pb_hooks/ideas/author-card.js).
import type { PocketBase } from './client';

const APP_PICTURE = /^https:\/\/[^\s]+$/;

/** `avatar` is a file name of the user's record, or an https URL; `avatarUrl` the app's picture, if any. */
export function toAvatarSrc(pb: PocketBase, userId: string, avatar?: string, avatarUrl?: string): string | null {
  if (avatar && APP_PICTURE.test(avatar)) return avatar;
  if (avatar) return pb.files.getURL({ id: userId, collectionName: 'users' }, avatar, { thumb: '96x96' });
  return avatarUrl && APP_PICTURE.test(avatarUrl) ? avatarUrl : null;
}
