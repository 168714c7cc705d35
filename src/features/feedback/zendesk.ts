// Zendesk's settings on the integrations page (issue 58): what the page loaded, replaced by each save's answer.
import { translate } from '../../i18n/current';
import { connectionSettingsStore } from '../../stores/connection-settings';
import { writeZendeskSettings, type ZendeskSettings, type ZendeskSettingsInput } from './zendesk-data';

export const zendeskSettings = connectionSettingsStore<ZendeskSettings, ZendeskSettingsInput>({
  write: writeZendeskSettings,
  saved: () => translate('integrations', 'saved'),
  pageAddresses: ['webhook_url'],
});
