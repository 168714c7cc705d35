// Stripe on the integrations page (issue 58): whether it is on, the key and signing secret (pasted, never shown
// again: only the key's prefix and last four characters), the endpoint URL to paste into Stripe, and the last event.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { translator } from '../../i18n/current';
import { ConnectionCard, connectionTime } from '../../ui/ConnectionCard';
import { FieldFrame } from '../../ui/FieldFrame';
import { stripeSettings } from './stripe';
import type { StripeSettings as Settings } from './stripe-data';

export default function StripeSettings({ initial }: { initial: Settings }) {
  const t = translator('customers');
  const settings = useStore(stripeSettings.$settings) ?? initial;
  useEffect(() => stripeSettings.start(initial), [initial]);

  return (
    <ConnectionCard
      id="stripe"
      name="Stripe"
      intro={t('stripeIntro')}
      addresses={[{ label: t('stripeEndpoint'), url: settings.webhook_url, testId: 'stripe-endpoint' }]}
      state={[
        settings.active ? t('stripeOn') : t('stripeOff'),
        settings.secret_key ? t('stripeKeySet', { key: settings.secret_key }) : t('stripeKeyMissing'),
        settings.webhook_secret_set ? t('stripeSecretSet') : t('stripeSecretMissing'),
      ]}
      lastEvent={
        settings.last_event_at
          ? t('stripeLastEvent', {
              type: settings.last_event_type,
              time: connectionTime(settings.last_event_at),
              outcome: settings.last_outcome,
            })
          : t('stripeNoEvent')
      }
      onSave={(data) =>
        stripeSettings.save({
          active: data.get('stripe_active') === 'on',
          secret_key: String(data.get('secret_key') ?? '').trim(),
          webhook_secret: String(data.get('webhook_secret') ?? '').trim(),
        })
      }
      saveLabel={t('stripeSave')}
    >
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
    </ConnectionCard>
  );
}
