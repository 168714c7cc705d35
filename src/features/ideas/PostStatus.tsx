// The idea's status pill, changing live when staff move the idea.

import type { PostLive } from '../../lib/pb/post-types';
import { $posts } from '../../stores/posts';
import { useClientStore } from '../../ui/hooks/use-client-store';

const NO_POSTS: Record<string, PostLive> = {};

interface StatusOption {
  id: string;
  name: string;
  slug: string;
}

export default function PostStatus({
  postId,
  statusId,
  statuses,
}: {
  postId: string;
  statusId: string;
  statuses: StatusOption[];
}) {
  const live = useClientStore($posts, NO_POSTS)[postId];
  const status = statuses.find((s) => s.id === (live?.status ?? statusId));
  if (!status) return null;
  return (
    <span className="status-pill" data-status={status.slug} data-testid="post-status" aria-live="polite">
      {status.name}
    </span>
  );
}
