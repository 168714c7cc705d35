// The idea's status pill, changing live when staff move the idea.
import { useStore } from '@nanostores/react';
import { $posts } from '../stores/posts';

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
  const live = useStore($posts, { keys: [postId] })[postId];
  const status = statuses.find((s) => s.id === (live?.status ?? statusId));
  if (!status) return null;
  return (
    <span className="status-pill" data-status={status.slug} data-testid="post-status" aria-live="polite">
      {status.name}
    </span>
  );
}
