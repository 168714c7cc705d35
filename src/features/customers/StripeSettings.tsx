// Stripe on the integrations page (issue 58): whether it is on, the key and signing secret (pasted, never shown
// again: only the key's prefix and last four characters), the endpoint URL to paste into Stripe, and the last event.
import { useStore } from '@nanostores/react';
import { type FormEvent, useEffect } from 'react';
import { currentLocale, translator } from '../../i18n/current';
import { FieldFrame } from '../../ui/FieldFrame';
import { stripeSettings } from './stripe';
import type { StripeSettings as Settings } from './stripe-data';

const dateTime = (locale: string, iso: string) =>
  new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short' }).format(new Date(iso));

export default function StripeSettings({ initial }: { initial: Settings }) {
  const t = translator('customers');
  const settings = useStore(stripeSettings.$settings) ?? initial;
  useEffect(() => stripeSettings.start(initial), [initial]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = event.currentTarget;
    const data = new FormData(form);
    const done = await stripeSettings.save({
      active: data.get('stripe_active') === 'on',
      secret_key: String(data.get('secret_key') ?? '').trim(),
      webhook_secret: String(data.get('webhook_secret') ?? '').trim(),
    });
    if (done.ok) form.reset();
  }

  return (
    <section className="card stack connection-settings" aria-labelledby="stripe-title" data-testid="stripe-settings">
      <h2 id="stripe-title">Stripe</h2>
      <p>{t('stripeIntro')}</p>
      <p>
        {t('stripeEndpoint')} <code data-testid="stripe-endpoint">{settings.webhook_url}</code>
      </p>
      <p data-testid="stripe-state">
        {settings.active ? t('stripeOn') : t('stripeOff')} ·{' '}
        {settings.secret_key ? t('stripeKeySet', { key: settings.secret_key }) : t('stripeKeyMissing')} ·{' '}
        {settings.webhook_secret_set ? t('stripeSecretSet') : t('stripeSecretMissing')}
      </p>
      <p data-testid="stripe-last-event">
        {settings.last_event_at
          ? t('stripeLastEvent', {
              type: settings.last_event_type,
              time: dateTime(currentLocale(), settings.last_event_at),
              outcome: settings.last_outcome,
            })
          : t('stripeNoEvent')}
      </p>
      <form className="admin-form" onSubmit={save} aria-labelledby="stripe-title">
        <label className="checkbox">
          <input type="checkbox" name="stripe_active" defaultChecked={settings.active} key={String(settings.active)} />{' '}
          {t('stripeActive')}
        </label>
        <FieldFrame id="stripe-key" label={t('stripeKey')} hint={t('stripeKeyHint')}>
          {(control) => (
            <input
              {...control}
              name="secret_key"
              type="password"
              autoComplete="off"
              maxLength={300}
              pattern="(sk|rk)_(live|test)_[A-Za-z0-9]{10,250}"
              placeholder="rk_live_…"
            />
          )}
        </FieldFrame>
        <FieldFrame id="stripe-signing-secret" label={t('stripeSigningSecret')}>
          {(control) => (
            <input
              {...control}
              name="webhook_secret"
              type="password"
              autoComplete="off"
              maxLength={300}
              pattern="whsec_[A-Za-z0-9+/=]{10,250}"
              placeholder="whsec_…"
            />
          )}
        </FieldFrame>
        <button type="submit" className="button primary">
          {t('stripeSave')}
        </button>
      </form>
    </section>
  );
}
