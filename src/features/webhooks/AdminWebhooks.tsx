// Admin webhooks: endpoints (Standard Webhooks or Slack) with the events they get, paused state,
// recent deliveries; a form to add one, after which its signing secret is shown once.
import { useStore } from '@nanostores/react';
import { type FormEvent, useState } from 'react';
import { translator } from '../../i18n/current';
import type { KeyOf } from '../../i18n/translator';
import { messageParts } from '../../lib/message-parts';
import { ActionButton } from '../../ui/ActionButton';
import { CheckboxField } from '../../ui/CheckboxField';
import { FieldFrame } from '../../ui/FieldFrame';
import { useSeededStore } from '../../ui/hooks/use-seeded-store';
import Toaster from '../../ui/Toaster';
import WebhookDeliveries from './WebhookDeliveries';
import { webhookEventName } from './webhook-event-names';
import {
  $revealedSecret,
  $webhooks,
  addWebhook,
  dismissSecret,
  removeWebhook,
  rotateSecret,
  toggleCustomerData,
  togglePaused,
} from './webhooks';
import {
  type NewWebhook,
  type ShownWebhookKind,
  WEBHOOK_EVENTS,
  WEBHOOK_KINDS,
  type WebhookEvent,
  type WebhookKind,
  type WebhookRecord,
} from './webhooks-data';

/** Each kind's words: its name in the form, and the sentence that sums an endpoint of it up. */
const KIND_LABEL: Record<WebhookKind, KeyOf<'adminWebhooks'>> = {
  standard: 'kindStandard',
  slack: 'kindSlack',
  discord: 'kindDiscord',
  teams: 'kindTeams',
};
const SUMMARY: Record<ShownWebhookKind, KeyOf<'adminWebhooks'>> = {
  standard: 'summarySigned',
  slack: 'summarySlack',
  discord: 'summaryDiscord',
  teams: 'summaryTeams',
  rest_hook: 'summaryRestHook',
};

function readNewWebhook(form: HTMLFormElement): NewWebhook {
  const data = new FormData(form);
  return {
    name: String(data.get('webhook_name') ?? ''),
    url: String(data.get('url') ?? ''),
    kind: WEBHOOK_KINDS.find((kind) => kind === data.get('kind')) ?? 'standard',
    events: data.getAll('events').map(String) as WebhookEvent[],
    include_customer_data: data.get('include_customer_data') === 'on',
  };
}

function SecretNotice() {
  const revealed = useStore($revealedSecret);
  if (!revealed) return null;
  const t = translator('adminWebhooks');
  return (
    <div className="notice" role="status" data-testid="webhook-secret">
      <p>{t('secretOnce')}</p>
      <code>{revealed.secret}</code>{' '}
      <button type="button" className="button" onClick={dismissSecret}>
        {t('secretDone')}
      </button>
    </div>
  );
}

function Endpoint({ webhook }: { webhook: WebhookRecord }) {
  const [showDeliveries, setShowDeliveries] = useState(false);
  const t = translator('adminWebhooks');
  const events = webhook.events.map(webhookEventName).join(t('listSeparator'));
  return (
    <li data-testid="webhook">
      <h2>{webhook.name}</h2>
      <p>
        {messageParts(t(SUMMARY[webhook.kind], { events })).map((part) =>
          'text' in part ? part.text : <code key="url">{webhook.url}</code>,
        )}
      </p>
      <p>
        {webhook.paused
          ? webhook.failure_count
            ? t('pausedAfterFailures', { count: webhook.failure_count })
            : t('pausedState')
          : t('activeState')}{' '}
        <button type="button" className="button" onClick={() => togglePaused(webhook)}>
          {webhook.paused ? t('resume') : t('pause')}
        </button>{' '}
        {webhook.kind === 'standard' && (
          <button type="button" className="button" onClick={() => rotateSecret(webhook.id)}>
            {t('newSecret')}
          </button>
        )}{' '}
        <ActionButton
          verb={t('delete')}
          target={webhook.name}
          tone="danger"
          confirm={t('confirmDelete', { name: webhook.name })}
          onClick={() => removeWebhook(webhook.id)}
        />
      </p>
      {webhook.kind === 'standard' && (
        <p>
          <label className="checkbox">
            <input
              type="checkbox"
              checked={webhook.include_customer_data}
              onChange={() => toggleCustomerData(webhook)}
            />{' '}
            {translator('customers')('includeCustomerData')}
          </label>
        </p>
      )}
      <details onToggle={(event) => setShowDeliveries(event.currentTarget.open)}>
        <summary>{t('recentDeliveries')}</summary>
        {showDeliveries && <WebhookDeliveries webhookId={webhook.id} webhookName={webhook.name} />}
      </details>
    </li>
  );
}

export default function AdminWebhooks({ initial }: { initial: WebhookRecord[] }) {
  const t = translator('adminWebhooks');
  const webhooks = useSeededStore($webhooks, initial);

  async function add(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    if (!(await addWebhook(readNewWebhook(form)))) form.reset();
  }

  return (
    <>
      <SecretNotice />
      {webhooks.length === 0 ? <p>{t('none')}</p> : null}
      <ul className="admin-list">
        {webhooks.map((w) => (
          <Endpoint key={w.id} webhook={w} />
        ))}
      </ul>
      <form onSubmit={add} className="admin-form" aria-labelledby="add-webhook">
        <h2 id="add-webhook">{t('addHeading')}</h2>
        <FieldFrame inline id="webhook-name" label={t('name')}>
          {(control) => <input {...control} name="webhook_name" required maxLength={80} />}
        </FieldFrame>
        <FieldFrame inline id="webhook-url" label={t('url')}>
          {(control) => <input {...control} name="url" type="url" required />}
        </FieldFrame>
        <FieldFrame inline id="webhook-kind" label={t('kind')}>
          {(control) => (
            <select {...control} name="kind" defaultValue="standard">
              {WEBHOOK_KINDS.map((kind) => (
                <option key={kind} value={kind}>
                  {t(KIND_LABEL[kind])}
                </option>
              ))}
            </select>
          )}
        </FieldFrame>
        <fieldset>
          <legend>{t('events')}</legend>
          {WEBHOOK_EVENTS.map((event) => (
            <label key={event} className="checkbox">
              <input type="checkbox" name="events" value={event} defaultChecked /> {webhookEventName(event)}
            </label>
          ))}
          <p className="field-hint">{t('eventsNote')}</p>
        </fieldset>
        <CheckboxField
          id="webhook-customer-data"
          name="include_customer_data"
          label={translator('customers')('includeCustomerData')}
        />
        <button type="submit" className="button primary">
          {t('addButton')}
        </button>
      </form>
      <Toaster />
    </>
  );
}
