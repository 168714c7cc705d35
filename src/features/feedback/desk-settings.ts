// A support desk's settings on the integrations page (Zendesk, Intercom; issue 58): what the page loaded, replaced by
// each save's answer. The page's webhook URL (PocketBase's public address) stays: PocketBase only knows how the site
// reached it.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import type { PocketBase } from '../../lib/pb/client';
import { act, type Result } from '../../stores/action';
import { getClient } from '../../stores/client';

export function deskSettingsStore<Settings extends { webhook_url: string }, Input>(
  write: (pb: PocketBase, input: Input) => Promise<Settings>,
) {
  const $settings = atom<Settings | null>(null);
  return {
    $settings,
    start(initial: Settings): void {
      if ($settings.get() === null) $settings.set(initial);
    },
    save(input: Input): Promise<Result<Settings>> {
      return act({
        send: () => write(getClient(), input),
        confirm: (settings) =>
          $settings.set({ ...settings, webhook_url: $settings.get()?.webhook_url ?? settings.webhook_url }),
        success: translate('integrations', 'saved'),
        failure: '',
      });
    },
  };
}
