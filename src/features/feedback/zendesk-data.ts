// Zendesk's settings as admins see and set them (issue 58; pb_hooks/feedback/sources/zendesk/settings.js): never the
// secrets, only the API token's last four characters and whether the signing secret and the sidebar app's token are
// set, the webhook URL to paste into Zendesk, the sidebar app's package, and when the last ticket arrived.
import type { PocketBase } from '../../lib/pb/client';
import { readConnectionSettings, writeConnectionSettings } from '../../lib/pb/connection-settings';

export interface ZendeskSettings {
  active: boolean;
  subdomain: string;
  agent_email: string;
  api_token: string;
  signing_secret_set: boolean;
  app_token_set: boolean;
  capture_tag: string;
  public_replies: boolean;
  answer_customers: boolean;
  last_event_at: string;
  webhook_url: string;
  app_package_url: string;
}

export interface ZendeskSettingsInput {
  active?: boolean;
  subdomain?: string;
  agent_email?: string;
  api_token?: string;
  signing_secret?: string;
  app_token?: string;
  capture_tag?: string;
  public_replies?: boolean;
  answer_customers?: boolean;
}

export const readZendeskSettings = (pb: PocketBase) => readConnectionSettings<ZendeskSettings>(pb, 'zendesk');

export const writeZendeskSettings = (pb: PocketBase, input: ZendeskSettingsInput) =>
  writeConnectionSettings<ZendeskSettings, ZendeskSettingsInput>(pb, 'zendesk', input);
