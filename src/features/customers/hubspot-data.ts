// HubSpot's settings as admins see and set them (issue 58; pb_hooks/customers/hubspot/settings.js): never the secrets,
// only the token's prefix and last four characters, whether the client secret is set, the target URL to paste into
// HubSpot, and the last event with its outcome.
import type { PocketBase } from '../../lib/pb/client';

export interface HubSpotSettings {
  active: boolean;
  access_token: string;
  client_secret_set: boolean;
  last_event_at: string;
  last_event_type: string;
  last_outcome: string;
  sync_requested: boolean;
  sync_at: string;
  sync_outcome: string;
  webhook_url: string;
}

export interface HubSpotSettingsInput {
  active?: boolean;
  access_token?: string;
  client_secret?: string;
}

export function readHubSpotSettings(pb: PocketBase): Promise<HubSpotSettings> {
  return pb.send('/api/chorus/hubspot/settings', { method: 'GET' });
}

export function writeHubSpotSettings(pb: PocketBase, input: HubSpotSettingsInput): Promise<HubSpotSettings> {
  return pb.send('/api/chorus/hubspot/settings', { method: 'POST', body: input });
}

/** Asks for a full sync, run as a job beside the request. */
export function requestHubSpotSync(pb: PocketBase): Promise<{ queued: boolean }> {
  return pb.send('/api/chorus/hubspot/sync', { method: 'POST' });
}
