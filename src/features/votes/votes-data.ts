// Votes: the public voter list (names and avatars only) and a member's own votes.
import { hasStaffRole } from '../../contract/access';
import { toAvatarSrc } from '../../lib/pb/avatar';
import type { PocketBase } from '../../lib/pb/client';
import type { VoteRecord, Voter } from '../../lib/pb/post-types';

interface VoterRow {
  id: string;
  collectionId: string;
  collectionName: string;
  name: string;
  avatar: string;
  avatar_url?: string;
}

export async function listVoters(pb: PocketBase, postId: string, perPage = 50): Promise<Voter[]> {
  const result = await pb.send<{ items: VoterRow[] }>(`/api/chorus/posts/${encodeURIComponent(postId)}/voters`, {
    query: { perPage },
  });
  return result.items.map((row) => ({
    id: row.id,
    name: row.name || 'Member',
    avatarUrl: toAvatarSrc(pb, row.id, row.avatar, row.avatar_url),
  }));
}

/**
 * Every vote of the member, in one request. A member's list rule already shows only their own, so no
 * filter is sent (PocketBase slows repeated empty filtered lists down by up to 500 ms); staff, who may
 * see every vote, filter by user.
 */
export function listMyVotes(pb: PocketBase, user: { id: string; role: string }): Promise<VoteRecord[]> {
  const staff = hasStaffRole(user);
  return pb.collection('votes').getFullList<VoteRecord>({
    ...(staff ? { filter: pb.filter('user = {:user}', { user: user.id }) } : {}),
    fields: 'id,post,user,counted',
  });
}

/** The member's vote on one idea, or null. */
export async function findMyVote(pb: PocketBase, postId: string, userId: string): Promise<string | null> {
  const list = await pb.collection('votes').getList<VoteRecord>(1, 1, {
    filter: pb.filter('post = {:post} && user = {:user}', { post: postId, user: userId }),
    fields: 'id',
    skipTotal: true,
  });
  return list.items[0]?.id ?? null;
}

export function createVote(pb: PocketBase, postId: string, userId: string): Promise<VoteRecord> {
  return pb.collection('votes').create<VoteRecord>({ post: postId, user: userId });
}

export async function deleteVote(pb: PocketBase, voteId: string): Promise<void> {
  await pb.collection('votes').delete(voteId);
}
