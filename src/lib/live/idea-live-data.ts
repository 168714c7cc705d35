// Where an idea's live state comes from, decided here only. A public idea's from `post_live`, its public copy
// whose empty rule lets PocketBase send one event to any crowd without a rule query per subscriber; any other
// idea (members or staff board, an unapproved one) from `posts`, filtered by its rules per subscriber.
// A page that shows one idea follows its id; lists and the roadmap, which also need new ideas, follow "*".
import type { PostRecord } from '../pb/post-types';

export type IdeaSource = 'post_live' | 'posts';

/**
 * What both sources carry about an idea (`approved` only from `posts`: every `post_live` idea is approved); `updated`
 * is its version, the same in both (server/cmd/pocketbase/votes.go stampUpdated).
 */
export type IdeaLive = Pick<
  PostRecord,
  'id' | 'board' | 'title' | 'status' | 'merged_into' | 'vote_count' | 'comment_count' | 'locked'
> & { approved?: boolean; updated?: string };

export interface IdeaTopic {
  collection: IdeaSource;
  topic: string;
}

/**
 * Is this idea's live state public? As the page said (it knows the board and approval); when it did not say,
 * only certain for a signed-out visitor, who can see nothing but public ideas.
 */
export function isLivePublic(pageSays: boolean | undefined, signedIn: boolean): boolean {
  return pageSays ?? !signedIn;
}

/** Whether the page may show this idea live from `post_live`: its board is public and it is approved. */
export function isPublicIdea(board: { visibility: string } | undefined, post: { approved: boolean }): boolean {
  return board?.visibility === 'public' && post.approved;
}

/**
 * The topics a tab subscribes to: with a list of every idea wanted ("*"), one wildcard (`posts` if anything
 * shown is not public: it carries the public ideas too); else one topic per followed idea, from its source.
 */
export function ideaTopics(ideas: ReadonlyMap<string, boolean>, everyIdea: { wanted: boolean; public: boolean }) {
  const topics: IdeaTopic[] = [];
  if (everyIdea.wanted) {
    const allPublic = everyIdea.public && [...ideas.values()].every(Boolean);
    topics.push({ collection: allPublic ? 'post_live' : 'posts', topic: '*' });
    return topics;
  }
  for (const [id, isPublic] of ideas) {
    topics.push({ collection: isPublic ? 'post_live' : 'posts', topic: id.replace(/[^a-z0-9]/g, '') });
  }
  return topics;
}
