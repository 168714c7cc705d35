// Intercom's settings on the integrations page (issue 58): what the page loaded, replaced by each save's answer.
import { translate } from '../../i18n/current';
import { connectionSettingsStore } from '../../stores/connection-settings';
import { type IntercomSettings, type IntercomSettingsInput, writeIntercomSettings } from './intercom-data';

export const intercomSettings = connectionSettingsStore<IntercomSettings, IntercomSettingsInput>({
  write: writeIntercomSettings,
  saved: () => translate('integrations', 'saved'),
  pageAddresses: ['webhook_url'],
});
