// Zendesk's settings as admins see and set them (issue 58; pb_hooks/feedback/sources/zendesk/settings.js): never the
// secrets, only the API token's last four characters and whether the signing secret and the sidebar app's token are
// set, the webhook URL to paste into Zendesk, the sidebar app's package, and when the last ticket arrived.
import { type ConnectionSettings, connectionSettingsApi } from '../../lib/pb/connection-settings';

export interface ZendeskSettings extends ConnectionSettings {
  subdomain: string;
  agent_email: string;
  api_token: string;
  signing_secret_set: boolean;
  app_token_set: boolean;
  capture_tag: string;
  public_replies: boolean;
  answer_customers: boolean;
  webhook_url: string;
  app_package_url: string;
}

/** What an admin may change: the switches and texts as shown, each secret as pasted ('' keeps the one set). */
export type ZendeskSettingsInput = Partial<
  Pick<
    ZendeskSettings,
    'active' | 'subdomain' | 'agent_email' | 'capture_tag' | 'public_replies' | 'answer_customers'
  > & { api_token: string; signing_secret: string; app_token: string }
>;

export const { read: readZendeskSettings, write: writeZendeskSettings } = connectionSettingsApi<
  ZendeskSettings,
  ZendeskSettingsInput
>('zendesk');
