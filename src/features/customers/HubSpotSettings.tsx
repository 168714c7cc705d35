// HubSpot on the integrations page (issue 58): whether it is on, the private app's token and the client secret
// (pasted, never shown again: only the token's prefix and last four characters), the target URL to paste into
// HubSpot, the last event, and a full "sync now" with how the last one ended.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect } from 'react';
import { currentLocale, translator } from '../../i18n/current';
import { FieldFrame } from '../../ui/FieldFrame';
import { hubspotSettings, syncHubSpot } from './hubspot';
import type { HubSpotSettings as Settings } from './hubspot-data';

const dateTime = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export default function HubSpotSettings({ initial }: { initial: Settings }) {
  const t = translator('customers');
  const settings = useStore(hubspotSettings.$settings) ?? initial;
  useEffect(() => hubspotSettings.start(initial), [initial]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const done = await hubspotSettings.save({
      active: data.get('hubspot_active') === 'on',
      access_token: String(data.get('access_token') ?? '').trim(),
      client_secret: String(data.get('client_secret') ?? '').trim(),
    });
    if (done.ok) form.reset();
  }

  return (
    <section className="card stack connection-settings" aria-labelledby="hubspot-title" data-testid="hubspot-settings">
      <h2 id="hubspot-title">HubSpot</h2>
      <p>{t('hubspotIntro')}</p>
      <p>
        {t('hubspotTargetUrl')} <code data-testid="hubspot-endpoint">{settings.webhook_url}</code>
      </p>
      <p data-testid="hubspot-state">
        {settings.active ? t('hubspotOn') : t('hubspotOff')} ·{' '}
        {settings.access_token ? t('hubspotTokenSet', { token: settings.access_token }) : t('hubspotTokenMissing')} ·{' '}
        {settings.client_secret_set ? t('hubspotSecretSet') : t('hubspotSecretMissing')}
      </p>
      <p data-testid="hubspot-last-event">
        {settings.last_event_at
          ? t('hubspotLastEvent', {
              type: settings.last_event_type,
              time: dateTime(currentLocale(), settings.last_event_at),
              outcome: settings.last_outcome,
            })
          : t('hubspotNoEvent')}
      </p>
      {settings.sync_at && (
        <p data-testid="hubspot-last-sync">
          {t('hubspotLastSync', { time: dateTime(currentLocale(), settings.sync_at), outcome: settings.sync_outcome })}
        </p>
      )}
      <form className="admin-form" onSubmit={save} aria-labelledby="hubspot-title">
        <label className="checkbox">
          <input type="checkbox" name="hubspot_active" defaultChecked={settings.active} key={String(settings.active)} />{' '}
          {t('hubspotActive')}
        </label>
        <FieldFrame id="hubspot-token" label={t('hubspotToken')} hint={t('hubspotTokenHint')}>
          {(control) => (
            <input
              {...control}
              name="access_token"
              type="password"
              autoComplete="off"
              maxLength={300}
              pattern="pat-[a-z0-9]{2,10}-[A-Za-z0-9\-]{20,200}"
              placeholder="pat-na1-…"
            />
          )}
        </FieldFrame>
        <FieldFrame id="hubspot-client-secret" label={t('hubspotClientSecret')}>
          {(control) => (
            <input
              {...control}
              name="client_secret"
              type="password"
              autoComplete="off"
              maxLength={300}
              pattern="[A-Za-z0-9\-]{20,100}"
            />
          )}
        </FieldFrame>
        <button type="submit" className="button primary">
          {t('hubspotSave')}
        </button>{' '}
        <button
          type="button"
          className="button"
          disabled={!settings.active || !settings.access_token || settings.sync_requested}
          onClick={() => void syncHubSpot()}
        >
          {t('hubspotSync')}
        </button>
      </form>
    </section>
  );
}
