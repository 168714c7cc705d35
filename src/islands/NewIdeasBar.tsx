// "N new ideas": posted while the list was open, shown on demand instead of moving the list.

import { translator } from '../i18n/current';
import { newIdeasOn } from '../stores/posts';
import { useClientStore } from './hooks/use-client-store';

/** `isPublic`: the list shows public boards only. */
export default function NewIdeasBar({ boardId, isPublic }: { boardId: string; isPublic?: boolean }) {
  const count = useClientStore(newIdeasOn(boardId, isPublic), 0);
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
