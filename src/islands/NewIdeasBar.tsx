// "N new ideas": posted while the list was open, shown on demand instead of moving the list.
import { useStore } from '@nanostores/react';
import { $posts, newIdeasOn } from '../stores/posts';

export default function NewIdeasBar({ boardId }: { boardId: string }) {
  useStore($posts); // keeps the tab's posts subscription open while the list is shown
  const count = useStore(newIdeasOn(boardId));
  return (
    <div className="new-ideas-bar" role="status">
      {count > 0 && (
        <a className="button" href="?sort=new">
          {count === 1 ? '1 new idea' : `${count} new ideas`}: show them
        </a>
      )}
    </div>
  );
}
