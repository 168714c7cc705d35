// Votes: the public voter list (names and avatars only) and a member's own votes.
import type { PocketBase } from './client';
import type { VoteRecord, Voter } from './post-types';

interface VoterRow {
  id: string;
  collectionId: string;
  collectionName: string;
  name: string;
  avatar: string;
}

export async function listVoters(pb: PocketBase, postId: string, perPage = 50): Promise<Voter[]> {
  const result = await pb.send<{ items: VoterRow[] }>(`/api/chorus/posts/${encodeURIComponent(postId)}/voters`, {
    query: { perPage },
  });
  return result.items.map((row) => ({
    id: row.id,
    name: row.name || 'Member',
    avatarUrl: row.avatar ? pb.files.getURL(row, row.avatar, { thumb: '96x96' }) : null,
  }));
}

/** The member's votes among these ideas (or all of them when no ids are given). */
export function listMyVotes(pb: PocketBase, userId: string, postIds?: string[]): Promise<VoteRecord[]> {
  const ids = postIds ?? [];
  const byPost = ids.map((_, i) => `post = {:p${i}}`).join(' || ');
  const params: Record<string, string> = { user: userId };
  ids.forEach((id, i) => {
    params[`p${i}`] = id;
  });
  return pb.collection('votes').getFullList<VoteRecord>({
    filter: pb.filter(byPost ? `user = {:user} && (${byPost})` : 'user = {:user}', params),
    fields: 'id,post,user',
  });
}

export function createVote(pb: PocketBase, postId: string, userId: string): Promise<VoteRecord> {
  return pb.collection('votes').create<VoteRecord>({ post: postId, user: userId });
}

export async function deleteVote(pb: PocketBase, voteId: string): Promise<void> {
  await pb.collection('votes').delete(voteId);
}
