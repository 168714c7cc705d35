// Zendesk's settings on the integrations page (issue 58): what the page loaded, replaced by each save's answer.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { act, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';
import { writeZendeskSettings, type ZendeskSettings, type ZendeskSettingsInput } from './zendesk-data';

export const $zendesk = atom<ZendeskSettings | null>(null);

export function startZendesk(initial: ZendeskSettings): void {
  if ($zendesk.get() === null) $zendesk.set(initial);
}

export function saveZendesk(input: ZendeskSettingsInput): Promise<Result<ZendeskSettings>> {
  return act({
    send: () => writeZendeskSettings(getClient(), input),
    // The page's webhook URL (PocketBase's public address) stays: PocketBase only knows how the site reached it.
    confirm: (settings) =>
      $zendesk.set({ ...settings, webhook_url: $zendesk.get()?.webhook_url ?? settings.webhook_url }),
    success: translate('integrations', 'saved'),
    failure: '',
  });
}
