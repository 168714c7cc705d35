// Zendesk's settings on the integrations page (issue 58): what the page loaded, replaced by each save's answer.
import { deskSettingsStore } from './desk-settings';
import { writeZendeskSettings } from './zendesk-data';

const store = deskSettingsStore(writeZendeskSettings);
export const $zendesk = store.$settings;
export const startZendesk = store.start;
export const saveZendesk = store.save;
