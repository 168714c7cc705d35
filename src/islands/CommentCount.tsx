// An idea's public comment count on a list card, live.
import { translator } from '../i18n/current';
import type { PostLive } from '../lib/pb/post-types';
import { $posts } from '../stores/posts';
import { useClientStore } from './hooks/use-client-store';

const NO_POSTS: Record<string, PostLive> = {};

export default function CommentCount({ postId, count }: { postId: string; count: number }) {
  const live = useClientStore($posts, NO_POSTS)[postId];
  return (
    <span data-testid="comment-count">{translator('comments')('count', { count: live?.comment_count ?? count })}</span>
  );
}
