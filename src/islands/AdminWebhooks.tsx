// Admin webhooks: endpoints (Standard Webhooks or Slack) with the events they get, paused state,
// recent deliveries; a form to add one, after which its signing secret is shown once.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect, useState } from 'react';
import { type NewWebhook, WEBHOOK_EVENTS, type WebhookEvent, type WebhookRecord } from '../lib/pb/webhooks';
import {
  $revealedSecret,
  $webhooks,
  addWebhook,
  dismissSecret,
  removeWebhook,
  rotateSecret,
  startWebhooks,
  togglePaused,
} from '../stores/webhooks';
import Toaster from './Toaster';
import WebhookDeliveries from './WebhookDeliveries';

function readNewWebhook(form: HTMLFormElement): NewWebhook {
  const data = new FormData(form);
  return {
    name: String(data.get('name') ?? ''),
    url: String(data.get('url') ?? ''),
    kind: data.get('kind') === 'slack' ? 'slack' : 'standard',
    events: data.getAll('events').map(String) as WebhookEvent[],
  };
}

function SecretNotice() {
  const revealed = useStore($revealedSecret);
  if (!revealed) return null;
  return (
    <div className="notice" role="status" data-testid="webhook-secret">
      <p>Copy this signing secret now: it will not be shown again.</p>
      <code>{revealed.secret}</code>{' '}
      <button type="button" className="button" onClick={dismissSecret}>
        Done
      </button>
    </div>
  );
}

function Endpoint({ webhook }: { webhook: WebhookRecord }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  return (
    <li data-testid="webhook">
      <h2>{webhook.name}</h2>
      <p>
        {webhook.kind === 'slack' ? 'Slack' : 'Signed webhook'} to <code>{webhook.url}</code>:{' '}
        {webhook.events.join(', ')}
      </p>
      <p>
        {webhook.paused
          ? `Paused${webhook.failure_count ? ` after ${webhook.failure_count} failed attempts` : ''}.`
          : 'Active.'}{' '}
        <button type="button" className="button" onClick={() => togglePaused(webhook)}>
          {webhook.paused ? 'Resume' : 'Pause'}
        </button>{' '}
        {webhook.kind === 'standard' && (
          <button type="button" className="button" onClick={() => rotateSecret(webhook.id)}>
            New secret
          </button>
        )}{' '}
        <button type="button" className="button danger" onClick={() => removeWebhook(webhook.id)}>
          Delete<span className="visually-hidden"> {webhook.name}</span>
        </button>
      </p>
      <details onToggle={(event) => setShowDeliveries(event.currentTarget.open)}>
        <summary>Recent deliveries</summary>
        {showDeliveries && <WebhookDeliveries webhookId={webhook.id} />}
      </details>
    </li>
  );
}

export default function AdminWebhooks({ initial }: { initial: WebhookRecord[] }) {
  const webhooks = useStore($webhooks) ?? initial;
  useEffect(() => startWebhooks(initial), [initial]);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!(await addWebhook(readNewWebhook(form)))) form.reset();
  }

  return (
    <>
      <SecretNotice />
      {webhooks.length === 0 ? <p>No webhooks yet.</p> : null}
      <ul className="admin-list">
        {webhooks.map((w) => (
          <Endpoint key={w.id} webhook={w} />
        ))}
      </ul>
      <form onSubmit={add} className="admin-form" aria-labelledby="add-webhook">
        <h2 id="add-webhook">Add a webhook</h2>
        <span className="field">
          <label htmlFor="webhook-name">Name</label>
          <input id="webhook-name" name="name" required maxLength={80} />
        </span>
        <span className="field">
          <label htmlFor="webhook-url">URL</label>
          <input id="webhook-url" name="url" type="url" required />
        </span>
        <span className="field">
          <label htmlFor="webhook-kind">Kind</label>
          <select id="webhook-kind" name="kind" defaultValue="standard">
            <option value="standard">Signed JSON (Standard Webhooks)</option>
            <option value="slack">Slack incoming webhook</option>
          </select>
        </span>
        <fieldset>
          <legend>Events</legend>
          {WEBHOOK_EVENTS.map((e) => (
            <label key={e.name} className="checkbox">
              <input type="checkbox" name="events" value={e.name} defaultChecked /> {e.label}
            </label>
          ))}
        </fieldset>
        <button type="submit" className="button primary">
          Add webhook
        </button>
      </form>
      <Toaster />
    </>
  );
}
