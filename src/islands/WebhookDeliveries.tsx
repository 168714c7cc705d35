// One endpoint's recent deliveries: event, status, attempts, response code and time, with a resend
// button for each. Loaded when the admin opens the list.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $deliveries, loadDeliveries, resend } from '../stores/webhooks';

const when = (date: string) => (date ? new Date(date.replace(' ', 'T')).toLocaleString() : '–');

export default function WebhookDeliveries({ webhookId }: { webhookId: string }) {
  const deliveries = useStore($deliveries)[webhookId];
  useEffect(() => {
    void loadDeliveries(webhookId);
  }, [webhookId]);
  if (!deliveries) return <p>Loading deliveries…</p>;
  if (deliveries.length === 0) return <p>No deliveries yet.</p>;
  return (
    <>
      <button type="button" className="button" onClick={() => loadDeliveries(webhookId)}>
        Refresh
      </button>
      <table className="admin-table" data-testid="deliveries">
        <thead>
          <tr>
            <th scope="col">Event</th>
            <th scope="col">Status</th>
            <th scope="col">Attempts</th>
            <th scope="col">Response</th>
            <th scope="col">Last attempt</th>
            <th scope="col">Resend</th>
          </tr>
        </thead>
        <tbody>
          {deliveries.map((d) => (
            <tr key={d.id} data-testid="delivery-row">
              <td>{d.event}</td>
              <td>{d.status}</td>
              <td>{d.attempts}</td>
              <td title={d.error || undefined}>{d.response_code || (d.error ? 'no answer' : '–')}</td>
              <td>{when(d.last_attempt_at)}</td>
              <td>
                <button type="button" className="button" onClick={() => resend(d)}>
                  Resend<span className="visually-hidden"> {d.event}</span>
                </button>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </>
  );
}
