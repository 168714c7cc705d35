// Stripe on the integrations page (issue 58): whether it is on, the key and signing secret (pasted, never shown
// again: only the key's prefix and last four characters), the endpoint URL to paste into Stripe, and the last event.
import { translator } from '../../i18n/current';
import { ConnectionCard } from '../../ui/ConnectionCard';
import { stripeSettings } from './stripe';
import type { StripeSettings as Settings } from './stripe-data';

export default function StripeSettings({ initial }: { initial: Settings }) {
  const t = translator('customers');
  return (
    <ConnectionCard
      name="Stripe"
      intro={t('stripeIntro')}
      store={stripeSettings}
      initial={initial}
      shows={(settings) => ({
        addresses: [{ label: t('stripeEndpoint'), url: settings.webhook_url, testId: 'stripe-endpoint' }],
        state: [
          settings.active ? t('stripeOn') : t('stripeOff'),
          settings.secret_key ? t('stripeKeySet', { key: settings.secret_key }) : t('stripeKeyMissing'),
          settings.webhook_secret_set ? t('stripeSecretSet') : t('stripeSecretMissing'),
        ],
        lastEvent: (time) =>
          t('stripeLastEvent', {
            type: settings.last_event_type,
            time,
            outcome: settings.last_outcome,
          }),
        noEvent: t('stripeNoEvent'),
      })}
      fields={[
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
      ]}
      saveLabel={t('stripeSave')}
    />
  );
}
