// Reported ideas and comments (issue 38) in the moderation queue: how many reports and why (never who), and a
// moderator's decision: dismiss the reports, hide the item, or delete it.
import { Fragment } from 'react';
import { translator } from '../../i18n/current';
import { ActionButton } from '../../ui/ActionButton';
import { $reported, decideReported } from './moderation';
import { QueueList } from './QueueList';
import { REPORT_REASONS, type ReportedItem } from './reports-data';

// i18n-keys: adminQueue.reason_*
export default function ReportedList({ initial }: { initial: ReportedItem[] }) {
  const t = translator('adminQueue');
  return (
    <QueueList store={$reported} initial={initial} empty={t('noReports')}>
      {(item) => {
        const name = item.excerpt || item.title;
        const reasons = REPORT_REASONS.filter((r) => item.reasons[r]);
        return (
          <li key={`${item.postId}/${item.commentId}`} className="card admin-row" data-testid="reported-item">
            <span>
              {item.commentId ? <q>{item.excerpt}</q> : <a href={`/p/${item.postId}`}>{item.title}</a>}{' '}
              <span className="muted">
                {item.commentId && (
                  <>
                    {t('commentIn')} <a href={`/p/${item.postId}#c-${item.commentId}`}>{item.title}</a>{' '}
                  </>
                )}
                <strong data-testid="report-count">{t('reportCount', { count: item.count })}</strong>
                {reasons.map((r) => (
                  <Fragment key={r}>
                    {' '}
                    <span className="badge badge-quiet">{t(`reason_${r}`)}</span>
                  </Fragment>
                ))}
              </span>
            </span>
            <ActionButton verb={t('dismiss')} target={name} onClick={() => decideReported(item, 'dismiss')} />
            {!item.hidden && (
              <ActionButton verb={t('hide')} target={name} onClick={() => decideReported(item, 'hide')} />
            )}
            <ActionButton
              verb={t('delete')}
              target={name}
              tone="danger"
              confirm={item.commentId ? t('confirmDeleteComment') : t('confirmDelete', { title: item.title })}
              onClick={() => decideReported(item, 'delete')}
            />
          </li>
        );
      }}
    </QueueList>
  );
}
