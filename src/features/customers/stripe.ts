// Stripe's settings on the integrations page (issue 58): what the page loaded, replaced by each save's answer.
import { translate } from '../../i18n/current';
import { connectionSettingsStore } from '../../stores/connection-settings';
import { type StripeSettings, type StripeSettingsInput, writeStripeSettings } from './stripe-data';

export const stripeSettings = connectionSettingsStore<StripeSettings, StripeSettingsInput>({
  write: writeStripeSettings,
  saved: () => translate('customers', 'stripeSaved'),
  pageAddresses: ['webhook_url'],
});
