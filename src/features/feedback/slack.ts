// Slack's settings on the integrations page (issue 58): what the page loaded, replaced by each save's answer.
import { translate } from '../../i18n/current';
import { connectionSettingsStore } from '../../stores/connection-settings';
import { type SlackSettings, type SlackSettingsInput, writeSlackSettings } from './slack-data';

export const slackSettings = connectionSettingsStore<SlackSettings, SlackSettingsInput>({
  write: writeSlackSettings,
  saved: () => translate('integrations', 'saved'),
  pageAddresses: ['interactivity_url', 'events_url'],
});
