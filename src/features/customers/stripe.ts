// Stripe's settings on the integrations page (issue 58): what the page loaded, replaced by each save's answer.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { act, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import { type StripeSettings, type StripeSettingsInput, writeStripeSettings } from './stripe-data';

export const $stripe = atom<StripeSettings | null>(null);

export function startStripe(initial: StripeSettings): void {
  if ($stripe.get() === null) $stripe.set(initial);
}

export function saveStripe(input: StripeSettingsInput): Promise<Result<StripeSettings>> {
  return act({
    send: () => writeStripeSettings(getClient(), input),
    // The page's endpoint URL (PocketBase's public address) stays: PocketBase only knows how the site reached it.
    confirm: (settings) =>
      $stripe.set({ ...settings, webhook_url: $stripe.get()?.webhook_url ?? settings.webhook_url }),
    success: translate('customers', 'stripeSaved'),
    failure: '',
  });
}
