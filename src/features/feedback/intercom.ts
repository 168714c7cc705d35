// Intercom's settings on the integrations page (issue 58): what the page loaded, replaced by each save's answer.
import { deskSettingsStore } from './desk-settings';
import { writeIntercomSettings } from './intercom-data';

const store = deskSettingsStore(writeIntercomSettings);
export const $intercom = store.$settings;
export const startIntercom = store.start;
export const saveIntercom = store.save;
