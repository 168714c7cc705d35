// The moderation queue: ideas waiting for approval (approve: the idea becomes public, or delete), comments held
// for review and reported items (issue 38).
import { translator } from '../../i18n/current';
import Toaster from '../../ui/Toaster';
import HeldCommentList from './HeldCommentList';
import { KeepOrDelete } from './KeepOrDelete';
import { $queue, decideQueued, type QueuedPost } from './moderation';
import { QueueList } from './QueueList';
import ReportedList from './ReportedList';
import type { HeldComment, ReportedItem } from './reports-data';

interface Props {
  initial: QueuedPost[];
  held: HeldComment[];
  reported: ReportedItem[];
}

export default function AdminQueue({ initial, held, reported }: Props) {
  const t = translator('adminQueue');
  return (
    <div>
      <h2>{t('ideasTitle')}</h2>
      <QueueList store={$queue} initial={initial} empty={t('empty')} emptyTestId="queue-empty">
        {(post) => (
          <li key={post.id} className="card admin-row" data-testid="queued-post">
            <span>
              <a href={`/p/${post.id}`}>{post.title}</a>{' '}
              <span className="muted">
                {t('where', { board: post.board, author: post.author })}{' '}
                {post.heldFor && <span className="badge badge-quiet">{t(`heldFor_${post.heldFor}`)}</span>}
              </span>
            </span>
            <KeepOrDelete
              keep={t('approve')}
              target={post.title}
              confirm={t('confirmDelete', { title: post.title })}
              decide={(keep) => decideQueued(post.id, keep)}
            />
          </li>
        )}
      </QueueList>
      <h2>{t('commentsTitle')}</h2>
      <HeldCommentList initial={held} />
      <h2>{t('reportsTitle')}</h2>
      <ReportedList initial={reported} />
      <Toaster />
    </div>
  );
}
