// HubSpot on the integrations page (issue 58): whether it is on, the private app's token and the client secret
// (pasted, never shown again: only the token's prefix and last four characters), the target URL to paste into
// HubSpot, the last event, and a full "sync now" with how the last one ended.
import { translator } from '../../i18n/current';
import { ConnectionCard, connectionTime } from '../../ui/ConnectionCard';
import { hubspotSettings, syncHubSpot } from './hubspot';
import type { HubSpotSettings as Settings } from './hubspot-data';

export default function HubSpotSettings({ initial }: { initial: Settings }) {
  const t = translator('customers');
  return (
    <ConnectionCard
      name="HubSpot"
      intro={t('hubspotIntro')}
      store={hubspotSettings}
      initial={initial}
      shows={(settings) => ({
        addresses: [{ label: t('hubspotTargetUrl'), url: settings.webhook_url, testId: 'hubspot-endpoint' }],
        state: [
          settings.active ? t('hubspotOn') : t('hubspotOff'),
          settings.access_token ? t('hubspotTokenSet', { token: settings.access_token }) : t('hubspotTokenMissing'),
          settings.client_secret_set ? t('hubspotSecretSet') : t('hubspotSecretMissing'),
        ],
        lastEvent: (time) =>
          t('hubspotLastEvent', { type: settings.last_event_type, time, outcome: settings.last_outcome }),
        noEvent: t('hubspotNoEvent'),
        more: settings.sync_at && (
          <p data-testid="hubspot-last-sync">
            {t('hubspotLastSync', { time: connectionTime(settings.sync_at), outcome: settings.sync_outcome })}
          </p>
        ),
        actions: (
          <>
            {' '}
            <button
              type="button"
              className="button"
              disabled={!settings.active || !settings.access_token || settings.sync_requested}
              onClick={() => void syncHubSpot()}
            >
              {t('hubspotSync')}
            </button>
          </>
        ),
      })}
      fields={[
        { kind: 'switch', field: 'active', name: 'hubspot_active', label: t('hubspotActive') },
        {
          kind: 'secret',
          field: 'access_token',
          id: 'hubspot-token',
          name: 'access_token',
          label: t('hubspotToken'),
          hint: t('hubspotTokenHint'),
          maxLength: 300,
          pattern: 'pat-[a-z0-9]{2,10}-[A-Za-z0-9\\-]{20,200}',
          placeholder: 'pat-na1-…',
        },
        {
          kind: 'secret',
          field: 'client_secret',
          id: 'hubspot-client-secret',
          name: 'client_secret',
          label: t('hubspotClientSecret'),
          maxLength: 300,
          pattern: '[A-Za-z0-9\\-]{20,100}',
        },
      ]}
      saveLabel={t('hubspotSave')}
    />
  );
}
