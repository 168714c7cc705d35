// One endpoint's recent deliveries: event, status, attempts, response code and time, with a resend
// button for each. Loaded when the admin opens the list.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { currentLocale, translator } from '../i18n/current';
import { actionName } from '../lib/action-name';
import { $deliveries, loadDeliveries, resend } from '../stores/webhooks';

const when = (date: string) =>
  date
    ? new Intl.DateTimeFormat(currentLocale(), { dateStyle: 'medium', timeStyle: 'medium' }).format(
        new Date(date.replace(' ', 'T')),
      )
    : '–';

export default function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const t = translator('adminWebhooks');
  // i18n-keys: adminWebhooks.delivery_*
  const deliveries = useStore($deliveries)[webhookId];
  useEffect(() => {
    void loadDeliveries(webhookId);
  }, [webhookId]);
  if (!deliveries) return <p>{t('deliveriesLoading')}</p>;
  if (deliveries.length === 0) return <p>{t('deliveriesNone')}</p>;
  return (
    <>
      <button type="button" className="button" onClick={() => loadDeliveries(webhookId)}>
        {t('deliveriesRefresh')}
      </button>
      <table className="admin-table" data-testid="deliveries">
        <thead>
          <tr>
            <th scope="col">{t('columnEvent')}</th>
            <th scope="col">{t('columnStatus')}</th>
            <th scope="col">{t('columnAttempts')}</th>
            <th scope="col">{t('columnResponse')}</th>
            <th scope="col">{t('columnLastAttempt')}</th>
            <th scope="col">{t('columnResend')}</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} data-testid="delivery-row" data-delivery={d.id}>
              <td>{d.event}</td>
              <td>{t(`delivery_${d.status}`)}</td>
              <td>{d.attempts}</td>
              <td title={d.error || undefined}>{d.response_code || (d.error ? t('noAnswer') : '–')}</td>
              <td>{when(d.last_attempt_at)}</td>
              <td>
                <button
                  type="button"
                  className="button"
                  onClick={() => resend(d)}
                  aria-label={actionName(t('resend'), d.event)}
                >
                  {t('resend')}
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
