// Ideas waiting for approval: approve (the idea becomes public) or delete.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { translator } from '../../i18n/current';
import { actionName } from '../../lib/action-name';
import Toaster from '../../ui/Toaster';
import { $queue, decideQueued, type QueuedPost } from './moderation';

export default function AdminQueue({ initial }: { initial: QueuedPost[] }) {
  const t = translator('adminQueue');
  const queue = useStore($queue) ?? initial;
  useEffect(() => {
    if ($queue.get() === null) $queue.set(initial);
  }, [initial]);
  return (
    <div>
      {queue.length === 0 ? (
        <p className="muted" data-testid="queue-empty">
          {t('empty')}
        </p>
      ) : (
        <ul className="admin-list">
          {queue.map((post) => (
            <li key={post.id} className="card admin-row" data-testid="queued-post">
              <span>
                <a href={`/p/${post.id}`}>{post.title}</a>{' '}
                <span className="muted">{t('where', { board: post.board, author: post.author })}</span>
              </span>
              <button
                type="button"
                className="button primary"
                onClick={() => decideQueued(post.id, true)}
                aria-label={actionName(t('approve'), post.title)}
              >
                {t('approve')}
              </button>
              <button
                type="button"
                className="button danger"
                data-confirm={t('confirmDelete', { title: post.title })}
                onClick={() => decideQueued(post.id, false)}
                aria-label={actionName(t('delete'), post.title)}
              >
                {t('delete')}
              </button>
            </li>
          ))}
        </ul>
      )}
      <Toaster />
    </div>
  );
}
