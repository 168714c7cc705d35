// Stripe on the integrations page (issue 58): whether it is on, the key and signing secret (pasted, never shown
// again: only the key's prefix and last four characters), the endpoint URL to paste into Stripe, and the last event.
import { translator } from '../../i18n/current';
import { ConnectionCard, connectionTime } from '../../ui/ConnectionCard';
import { SettingsFields, useConnectionForm } from '../../ui/SettingsFields';
import { stripeSettings } from './stripe';
import type { StripeSettings as Settings } from './stripe-data';

export default function StripeSettings({ initial }: { initial: Settings }) {
  const t = translator('customers');
  const { settings, save, fieldsProps } = useConnectionForm(stripeSettings, initial, [
    { kind: 'switch', field: 'active', name: 'stripe_active', label: t('stripeActive') },
    {
      kind: 'secret',
      field: 'secret_key',
      id: 'stripe-key',
      name: 'secret_key',
      label: t('stripeKey'),
      hint: t('stripeKeyHint'),
      maxLength: 300,
      pattern: '(sk|rk)_(live|test)_[A-Za-z0-9]{10,250}',
      placeholder: 'rk_live_…',
    },
    {
      kind: 'secret',
      field: 'webhook_secret',
      id: 'stripe-signing-secret',
      name: 'webhook_secret',
      label: t('stripeSigningSecret'),
      maxLength: 300,
      pattern: 'whsec_[A-Za-z0-9+/=]{10,250}',
      placeholder: 'whsec_…',
    },
  ]);

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
      onSave={save}
      saveLabel={t('stripeSave')}
    >
      <SettingsFields {...fieldsProps} />
    </ConnectionCard>
  );
}
