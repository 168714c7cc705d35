// An idea's public comment count on a list card, live.
import type { PostLive } from '../lib/pb/post-types';
import { COMMENTS, countOf } from '../lib/plural';
import { $posts } from '../stores/posts';
import { useClientStore } from './hooks/use-client-store';

const NO_POSTS: Record<string, PostLive> = {};

export default function CommentCount({ postId, count }: { postId: string; count: number }) {
  const live = useClientStore($posts, NO_POSTS)[postId];
  return <span data-testid="comment-count">{countOf(live?.comment_count ?? count, COMMENTS)}</span>;
}
