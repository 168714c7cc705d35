// Intercom's settings as admins see and set them (issue 58; pb_hooks/feedback/sources/intercom/settings.js): never the
// secrets, only the access token's last four characters and whether the client secret is set, the webhook URL and
// the inbox app's two URLs to paste into the Intercom app, and when the last conversation arrived.
import { type ConnectionSettings, connectionSettingsApi } from '../../lib/pb/connection-settings';

export type IntercomRegion = '' | 'eu' | 'au';

export interface IntercomSettings extends ConnectionSettings {
  region: IntercomRegion;
  workspace_id: string;
  admin_id: string;
  access_token: string;
  client_secret_set: boolean;
  capture_tag: string;
  public_replies: boolean;
  answer_customers: boolean;
  webhook_url: string;
  /** The inbox app's Canvas Kit addresses, pasted into the app's Initialize and Submit URLs. */
  canvas_initialize_url: string;
  canvas_submit_url: string;
}

export type IntercomSettingsInput = Partial<
  Omit<
    IntercomSettings,
    'client_secret_set' | 'last_event_at' | 'webhook_url' | 'canvas_initialize_url' | 'canvas_submit_url'
  >
> & { client_secret?: string };

export const { read: readIntercomSettings, write: writeIntercomSettings } = connectionSettingsApi<
  IntercomSettings,
  IntercomSettingsInput
>('intercom');
