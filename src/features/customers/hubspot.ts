// HubSpot's settings on the integrations page (issue 58): what the page loaded, replaced by each save's answer.
import { translate } from '../../i18n/current';
import { act, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import { connectionSettingsStore } from '../../stores/connection-settings';
import {
  type HubSpotSettings,
  type HubSpotSettingsInput,
  requestHubSpotSync,
  writeHubSpotSettings,
} from './hubspot-data';

export const hubspotSettings = connectionSettingsStore<HubSpotSettings, HubSpotSettingsInput>({
  write: writeHubSpotSettings,
  saved: () => translate('customers', 'hubspotSaved'),
  pageAddresses: ['webhook_url'],
});

/** Starts a full sync; the page shows it as asked for until the next load shows how it ended. */
export function syncHubSpot(): Promise<Result<{ queued: boolean }>> {
  return act({
    send: () => requestHubSpotSync(getClient()),
    confirm: () => {
      const now = hubspotSettings.$settings.get();
      if (now) hubspotSettings.$settings.set({ ...now, sync_requested: true });
    },
    success: translate('customers', 'hubspotSyncQueued'),
    failure: '',
  });
}
