// Comments held for review (issue 38) in the moderation queue: publish one, or delete it.
import { translator } from '../../i18n/current';
import { KeepOrDelete } from './KeepOrDelete';
import { $heldComments, decideHeldComment } from './moderation';
import { QueueList } from './QueueList';
import type { HeldComment } from './reports-data';

// i18n-keys: adminQueue.heldFor_*
export default function HeldCommentList({ initial }: { initial: HeldComment[] }) {
  const t = translator('adminQueue');
  return (
    <QueueList store={$heldComments} initial={initial} empty={t('noHeldComments')}>
      {(comment) => (
        <li key={comment.id} className="card admin-row" data-testid="held-comment">
          <span>
            <q>{comment.excerpt}</q>{' '}
            <span className="muted">
              {t('commentOn', { author: comment.author })}{' '}
              <a href={`/p/${comment.postId}#c-${comment.id}`}>{comment.postTitle}</a>{' '}
              <span className="badge badge-quiet">{t(`heldFor_${comment.heldFor}`)}</span>
            </span>
          </span>
          <KeepOrDelete
            keep={t('publish')}
            target={comment.excerpt}
            confirm={t('confirmDeleteComment')}
            decide={(keep) => decideHeldComment(comment.id, keep)}
          />
        </li>
      )}
    </QueueList>
  );
}
