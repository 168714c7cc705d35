// One endpoint's deliveries, a page at a time, newest first (all, or only the failed ones): event, status,
// attempts (each one's time, answer and duration on demand), response code and time, with a resend button
// for each. Loaded when the admin opens the list.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { isOutboundReason } from '../../contract/outbound-reasons';
import { currentLocale, translator } from '../../i18n/current';
import { ActionButton } from '../../ui/ActionButton';
import { AdminTable } from '../../ui/AdminTable';
import { webhookEventName } from './webhook-event-names';
import { $deliveries, loadDeliveries, resend } from './webhooks';
import type { DeliveryPage, DeliveryRecord } from './webhooks-data';

const when = (date: string) =>
  date
    ? new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'medium' }).format(
        new Date(date.replace(' ', 'T')),
      )
    : '–';

// Why an attempt failed: one of the fixed reasons (src/contract/outbound-reasons.ts) pb_hooks/platform/outbound/outbound.js
// records, never the receiver's words.
// i18n-keys: adminWebhooks.reason_*
const reasonText = (reason: string) =>
  isOutboundReason(reason) ? translator('adminWebhooks')(`reason_${reason}`) : undefined;

function Pager({ webhookId, shown }: { webhookId: string; shown: DeliveryPage }) {
  const t = translator('adminWebhooks');
  const { page, totalPages } = shown;
  // aria-disabled rather than disabled: the button the admin pressed keeps the keyboard focus at either end.
  const go = (to: number) => () => {
    if (to >= 1 && to <= totalPages && to !== page) void loadDeliveries(webhookId, { page: to });
  };
  return (
    <nav className="deliveries-pager" aria-label={t('deliveriesPages')}>
      <button type="button" className="button" aria-disabled={page <= 1} onClick={go(page - 1)}>
        {t('deliveriesNewer')}
      </button>
      <span>{t('deliveriesPosition', { page, pages: totalPages })}</span>
      <button type="button" className="button" aria-disabled={page >= totalPages} onClick={go(page + 1)}>
        {t('deliveriesOlder')}
      </button>
    </nav>
  );
}

/** The attempts count, opening onto each attempt: when, the answer (or why none came) and how long it took. */
function AttemptLog({ delivery }: { delivery: DeliveryRecord }) {
  const t = translator('adminWebhooks');
  if (delivery.attempt_log.length === 0) return <>{delivery.attempts}</>;
  return (
    <details className="attempt-log" data-testid="attempt-log">
      <summary aria-label={t('attemptLogOpen', { count: delivery.attempts })}>{delivery.attempts}</summary>
      <ol>
        {delivery.attempt_log.map((a) => (
          <li key={a.attempted_at} title={reasonText(a.error)}>
            {t('attemptLine', {
              time: when(a.attempted_at),
              answer: a.response_code || t('noAnswer'),
              duration: a.duration_ms,
            })}
          </li>
        ))}
      </ol>
    </details>
  );
}

function DeliveryTable({ webhookName, shown }: { webhookName: string; shown: DeliveryPage }) {
  const t = translator('adminWebhooks');
  // i18n-keys: adminWebhooks.delivery_*
  return (
    <AdminTable
      label={t('deliveriesTable', { name: webhookName })}
      testId="deliveries"
      columns={[
        t('columnEvent'),
        t('columnStatus'),
        t('columnAttempts'),
        t('columnResponse'),
        t('columnLastAttempt'),
        t('columnResend'),
      ]}
    >
      {shown.items.map((d) => (
        <tr key={d.id} data-testid="delivery-row" data-delivery={d.id}>
          <td>{webhookEventName(d.event)}</td>
          <td>{t(`delivery_${d.status}`)}</td>
          <td>
            <AttemptLog delivery={d} />
          </td>
          <td title={reasonText(d.error)}>{d.response_code || (d.error ? t('noAnswer') : '–')}</td>
          <td>{when(d.last_attempt_at)}</td>
          <td>
            <ActionButton
              verb={t('resend')}
              target={t('resendWhich', { event: webhookEventName(d.event), time: when(d.created) })}
              onClick={() => resend(d)}
            />
          </td>
        </tr>
      ))}
    </AdminTable>
  );
}

export default function WebhookDeliveries({ webhookId, webhookName }: { webhookId: string; webhookName: string }) {
  const t = translator('adminWebhooks');
  const shown = useStore($deliveries)[webhookId];
  useEffect(() => {
    void loadDeliveries(webhookId);
  }, [webhookId]);
  if (!shown) return <p>{t('deliveriesLoading')}</p>;
  const { failedOnly, items, totalItems, totalPages } = shown;
  return (
    <div className="deliveries">
      <p className="deliveries-tools">
        <label className="checkbox">
          <input
            type="checkbox"
            defaultChecked={failedOnly}
            onChange={(event) => loadDeliveries(webhookId, { failedOnly: event.currentTarget.checked, page: 1 })}
          />{' '}
          {t('deliveriesFailedOnly')}
        </label>
        <span role="status">
          {totalItems > 0 && t(failedOnly ? 'deliveriesFailedTotal' : 'deliveriesTotal', { count: totalItems })}
        </span>
        <button type="button" className="button" onClick={() => loadDeliveries(webhookId)}>
          {t('deliveriesRefresh')}
        </button>
      </p>
      {items.length === 0 ? (
        <p>{t(failedOnly ? 'deliveriesNoneFailed' : 'deliveriesNone')}</p>
      ) : (
        <DeliveryTable webhookName={webhookName} shown={shown} />
      )}
      {totalPages > 1 && <Pager webhookId={webhookId} shown={shown} />}
    </div>
  );
}
