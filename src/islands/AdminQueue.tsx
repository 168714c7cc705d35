// Ideas waiting for approval: approve (the idea becomes public) or delete.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $queue, decideQueued, type QueuedPost } from '../stores/moderation';
import Toaster from './Toaster';

export default function AdminQueue({ initial }: { initial: QueuedPost[] }) {
  const queue = useStore($queue) ?? initial;
  useEffect(() => {
    if ($queue.get() === null) $queue.set(initial);
  }, [initial]);
  return (
    <div>
      {queue.length === 0 ? (
        <p className="muted" data-testid="queue-empty">
          Nothing is waiting for approval.
        </p>
      ) : (
        <ul className="admin-list">
          {queue.map((post) => (
            <li key={post.id} className="card admin-row" data-testid="queued-post">
              <span>
                <a href={`/p/${post.id}`}>{post.title}</a>{' '}
                <span className="muted">
                  in {post.board} by {post.author}
                </span>
              </span>
              <button type="button" className="button primary" onClick={() => decideQueued(post.id, true)}>
                Approve<span className="visually-hidden"> {post.title}</span>
              </button>
              <button
                type="button"
                className="button danger"
                onClick={() => window.confirm(`Delete “${post.title}”?`) && decideQueued(post.id, false)}
              >
                Delete<span className="visually-hidden"> {post.title}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
      <Toaster />
    </div>
  );
}
