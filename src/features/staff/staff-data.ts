// Staff actions on one idea: status with an official response, tags, pin, lock, approve or hide,
// delete, merge into another idea, vote on behalf of a customer. The API rules and hooks enforce roles.
import type { PocketBase } from '../../lib/pb/client';
import type { PostRecordLite, TagRecord } from '../../lib/pb/staff-types';
import type { StatusRecord } from '../../lib/pb/types';
import { listTagsSeenBy } from '../ideas/taxonomy';
import type { Shell } from '../site/site';

export type StaffFlag = 'pinned' | 'locked' | 'approved';

export interface PostSearchHit {
  id: string;
  title: string;
  vote_count: number;
}

export function updatePostFields(
  pb: PocketBase,
  postId: string,
  fields: Partial<Pick<PostRecordLite, 'status' | 'response' | StaffFlag>>,
): Promise<PostRecordLite> {
  return pb.collection('posts').update<PostRecordLite>(postId, fields);
}

export function deletePost(pb: PocketBase, postId: string): Promise<boolean> {
  return pb.collection('posts').delete(postId);
}

/** Ideas whose title matches, for choosing a merge target (never the idea itself or a merged one). */
export async function searchMergeTargets(pb: PocketBase, postId: string, query: string): Promise<PostSearchHit[]> {
  const list = await pb.collection('posts').getList<PostSearchHit>(1, 8, {
    filter: pb.filter('title ~ {:q} && id != {:id} && merged_into = ""', { q: query, id: postId }),
    sort: '-vote_count',
    fields: 'id,title,vote_count',
    skipTotal: true,
  });
  return list.items;
}

export function mergePost(
  pb: PocketBase,
  postId: string,
  into: string,
): Promise<{ duplicate: PostRecordLite; target: PostRecordLite }> {
  return pb.send(`/api/chorus/posts/${encodeURIComponent(postId)}/merge`, { method: 'POST', body: { into } });
}

export interface VoteOnBehalfResult {
  user: { id: string; name: string };
  user_created: boolean;
  already_voted: boolean;
}

export function voteOnBehalf(pb: PocketBase, postId: string, email: string): Promise<VoteOnBehalfResult> {
  return pb.send(`/api/chorus/posts/${encodeURIComponent(postId)}/vote-on-behalf`, {
    method: 'POST',
    body: { email },
  });
}

interface PostStaffTagsRecord {
  id: string;
  post: string;
  tags: string[];
}

function findPostStaffTags(pb: PocketBase, postId: string): Promise<PostStaffTagsRecord | null> {
  return pb
    .collection('post_staff_tags')
    .getList<PostStaffTagsRecord>(1, 1, { filter: pb.filter('post = {:post}', { post: postId }), skipTotal: true })
    .then((list) => list.items[0] ?? null);
}

/**
 * Saves an idea's tags: public ones on the idea (posts.tags), staff-only ones in post_staff_tags, which only
 * staff can read (so public reads of ideas never carry them).
 */
export async function saveIdeaTags(
  pb: PocketBase,
  postId: string,
  tagIds: string[],
  staffOnly: string[],
): Promise<void> {
  const staffTags = tagIds.filter((id) => staffOnly.includes(id));
  await pb.collection('posts').update(postId, { tags: tagIds.filter((id) => !staffOnly.includes(id)) });
  const existing = await findPostStaffTags(pb, postId);
  if (existing) await pb.collection('post_staff_tags').update(existing.id, { tags: staffTags });
  else if (staffTags.length > 0) await pb.collection('post_staff_tags').create({ post: postId, tags: staffTags });
}

/** What the staff panel needs to offer: every status and tag, in order, and the idea's staff-only tags.
 * `shell`: the page's (its statuses, read by every page in the same order, and the version staff's tags are kept
 * under), saving two reads; `staffTagIds`: the idea's staff-only tags when its own read brought them
 * (src/features/ideas/staff-reads.ts), saving another. */
export async function loadStaffOptions(
  pb: PocketBase,
  postId: string,
  shell?: Pick<Shell, 'statuses' | 'version'>,
  staffTagIds?: string[],
): Promise<{ statuses: StatusRecord[]; tags: TagRecord[]; staffTagIds: string[] }> {
  const [everyStatus, tags, staffTags] = await Promise.all([
    shell?.statuses ?? pb.collection('statuses').getFullList<StatusRecord>({ sort: 'position,name' }),
    listTagsSeenBy(pb, true, shell?.version ?? null),
    staffTagIds ?? findPostStaffTags(pb, postId).then((found) => found?.tags ?? []),
  ]);
  return { statuses: everyStatus, tags, staffTagIds: staffTags };
}
