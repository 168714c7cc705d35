// Stripe's settings as admins see and set them (issue 58; pb_hooks/customers/stripe/settings.js): never the secrets,
// only the key's prefix and last four characters, whether the signing secret is set, the endpoint URL to paste into
// Stripe, and the last event with its outcome.
import { type ConnectionSettings, connectionSettingsApi, type TypedLastEvent } from '../../lib/pb/connection-settings';

export interface StripeSettings extends ConnectionSettings, TypedLastEvent {
  secret_key: string;
  webhook_secret_set: boolean;
  webhook_url: string;
}

/** What an admin may change: the switches and texts as shown, each secret as pasted ('' keeps the one set). */
export type StripeSettingsInput = Partial<
  Pick<StripeSettings, 'active'> & { secret_key: string; webhook_secret: string }
>;

export const { read: readStripeSettings, write: writeStripeSettings } = connectionSettingsApi<
  StripeSettings,
  StripeSettingsInput
>('stripe');
