// Votes: the public voter list (names and avatars only) and a member's own votes.
import type { OwnVote } from '../../contract/own-state';
import { VOTERS_PAGE } from '../../contract/voter-pages';
import { toAvatarSrc } from '../../lib/pb/avatar';
import type { PocketBase } from '../../lib/pb/client';
import { ownRowId } from '../../lib/pb/own-row';
import type { IdeaQuestionsRecord } from '../../lib/pb/pb-types';
import type { PostRecord, VoteRecord, Voter } from '../../lib/pb/post-types';

/** A voter as PocketBase's voters routes answer it (a user card). */
export interface VoterRow {
  id: string;
  collectionId: string;
  collectionName: string;
  name: string;
  avatar: string;
  avatar_url?: string;
}

/** The signed-in caller's own vote and follow on an idea (ids or null), and the newest question staff sent them about it that they have not answered (members only). */
export interface ViewerOwn {
  vote: string | null;
  subscription: string | null;
  question: IdeaQuestionsRecord | null;
}

export const toVoters = (pb: PocketBase, rows: VoterRow[]): Voter[] =>
  rows.map((row) => ({
    id: row.id,
    name: row.name || 'Member',
    avatarUrl: toAvatarSrc(pb, row.id, row.avatar, row.avatar_url),
  }));

const votersPath = (postId: string) => `/api/chorus/posts/${encodeURIComponent(postId)}/voters`;

export async function listVoters(pb: PocketBase, postId: string, perPage = VOTERS_PAGE): Promise<Voter[]> {
  const result = await pb.send<{ items: VoterRow[] }>(votersPath(postId), { query: { perPage } });
  return toVoters(pb, result.items);
}

/** The member's votes on the ideas `postIds` names (at most OWN_POSTS_MOST of them: the first are read), in one
 * request (pb_hooks/votes/own-votes.pb.js). */
export const listOwnVotes = (pb: PocketBase, postIds: readonly string[]): Promise<{ votes: OwnVote[] }> =>
  pb.send('/api/chorus/own-votes', { query: { posts: postIds.join(',') } });

/** The member's vote on one idea, or null. */
export const findMyVote = (pb: PocketBase, postId: string, userId: string): Promise<string | null> =>
  ownRowId(pb, 'votes', postId, userId);

/** An idea's vote count and version (its `updated`) as the server has them. */
export type IdeaCount = Pick<PostRecord, 'vote_count' | 'updated'>;

/**
 * Casts a vote. The answer carries the idea's count and version after it (`idea`: written by the vote's own
 * transaction, server/cmd/pocketbase/votes.go; no request added), absent when the vote moved no count (held).
 */
export const createVote = (pb: PocketBase, postId: string, userId: string) =>
  pb.collection('votes').create<VoteRecord & { idea?: IdeaCount }>({ post: postId, user: userId });

/**
 * Takes a vote back. The answer carries the idea's count and version after it (`idea`, as a vote's; null when the
 * take-back moved no count): PocketBase's delete answers 200 with it instead of 204 (server/cmd/pocketbase/votes.go
 * takeBack), which the SDK's delete() would drop, so the request is sent as it sends it.
 */
export async function deleteVote(pb: PocketBase, voteId: string): Promise<IdeaCount | null | undefined> {
  const path = `/api/collections/votes/records/${encodeURIComponent(voteId)}`;
  return (await pb.send<{ idea?: IdeaCount | null }>(path, { method: 'DELETE' })).idea;
}
