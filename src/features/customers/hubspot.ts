// HubSpot's settings on the integrations page (issue 58): what the page loaded, replaced by each save's answer.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { act, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import {
  type HubSpotSettings,
  type HubSpotSettingsInput,
  requestHubSpotSync,
  writeHubSpotSettings,
} from './hubspot-data';

export const $hubspot = atom<HubSpotSettings | null>(null);

export function startHubSpot(initial: HubSpotSettings): void {
  if ($hubspot.get() === null) $hubspot.set(initial);
}

export function saveHubSpot(input: HubSpotSettingsInput): Promise<Result<HubSpotSettings>> {
  return act({
    send: () => writeHubSpotSettings(getClient(), input),
    // The page's target URL (PocketBase's public address) stays: PocketBase only knows how the site reached it.
    confirm: (settings) =>
      $hubspot.set({ ...settings, webhook_url: $hubspot.get()?.webhook_url ?? settings.webhook_url }),
    success: translate('customers', 'hubspotSaved'),
    failure: '',
  });
}

/** Starts a full sync; the page shows it as asked for until the next load shows how it ended. */
export function syncHubSpot(): Promise<Result<{ queued: boolean }>> {
  return act({
    send: () => requestHubSpotSync(getClient()),
    confirm: () => {
      const now = $hubspot.get();
      if (now) $hubspot.set({ ...now, sync_requested: true });
    },
    success: translate('customers', 'hubspotSyncQueued'),
    failure: '',
  });
}
