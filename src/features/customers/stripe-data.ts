// Stripe's settings as admins see and set them (issue 58; pb_hooks/customers/stripe/settings.js): never the secrets,
// only the key's prefix and last four characters, whether the signing secret is set, the endpoint URL to paste into
// Stripe, and the last event with its outcome.
import type { PocketBase } from '../../lib/pb/client';
import { readConnectionSettings, writeConnectionSettings } from '../../lib/pb/connection-settings';

export interface StripeSettings {
  active: boolean;
  secret_key: string;
  webhook_secret_set: boolean;
  last_event_at: string;
  last_event_type: string;
  last_outcome: string;
  webhook_url: string;
}

export interface StripeSettingsInput {
  active?: boolean;
  secret_key?: string;
  webhook_secret?: string;
}

export const readStripeSettings = (pb: PocketBase) => readConnectionSettings<StripeSettings>(pb, 'stripe');

export const writeStripeSettings = (pb: PocketBase, input: StripeSettingsInput) =>
  writeConnectionSettings<StripeSettings, StripeSettingsInput>(pb, 'stripe', input);
