// "N new ideas": posted while the list was open, shown on demand instead of moving the list.

import { translator } from '../i18n/current';
import type { PostLive } from '../lib/pb/post-types';
import { $posts, newIdeasOn } from '../stores/posts';
import { useClientStore } from './hooks/use-client-store';

const NO_POSTS: Record<string, PostLive> = {};

export default function NewIdeasBar({ boardId }: { boardId: string }) {
  useClientStore($posts, NO_POSTS); // keeps the tab's posts subscription open while the list is shown
  const count = useClientStore(newIdeasOn(boardId), 0);
  return (
    <div className="new-ideas-bar" role="status">
      {count > 0 && (
        <a className="button" href="?sort=new">
          {translator('ideas')('newIdeas', { count })}
        </a>
      )}
    </div>
  );
}
