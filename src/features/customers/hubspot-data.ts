// HubSpot's settings as admins see and set them (issue 58; pb_hooks/customers/hubspot/settings.js): never the secrets,
// only the token's prefix and last four characters, whether the client secret is set, the target URL to paste into
// HubSpot, and the last event with its outcome.
import type { PocketBase } from '../../lib/pb/client';
import { type ConnectionSettings, connectionSettingsApi, type TypedLastEvent } from '../../lib/pb/connection-settings';

export interface HubSpotSettings extends ConnectionSettings, TypedLastEvent {
  access_token: string;
  client_secret_set: boolean;
  sync_requested: boolean;
  sync_at: string;
  sync_outcome: string;
  webhook_url: string;
}

/** What an admin may change: the switches and texts as shown, each secret as pasted ('' keeps the one set). */
export type HubSpotSettingsInput = Partial<
  Pick<HubSpotSettings, 'active'> & { access_token: string; client_secret: string }
>;

export const { read: readHubSpotSettings, write: writeHubSpotSettings } = connectionSettingsApi<
  HubSpotSettings,
  HubSpotSettingsInput
>('hubspot');

/** Asks for a full sync, run as a job beside the request. */
export function requestHubSpotSync(pb: PocketBase): Promise<{ queued: boolean }> {
  return pb.send('/api/chorus/hubspot/sync', { method: 'POST' });
}
