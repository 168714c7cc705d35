// One outside service's settings on the integrations page (Slack, Zendesk, Stripe, HubSpot): what the page loaded,
// replaced by each save's answer, keeping the addresses the page worked out for the admin to paste.
import { atom } from 'nanostores';
import type { PocketBase } from '../lib/pb/client';
import { act, type Result } from './action';
import { getClient } from './client';

interface Options<S, I> {
  write: (pb: PocketBase, input: I) => Promise<S>;
  /** The toast once saved, in the page's language (asked at the save: the language is known by then). */
  saved: () => string;
  /** The addresses the page gave (PocketBase's public one): PocketBase only knows how the site reached it. */
  pageAddresses: (keyof S)[];
}

export function connectionSettingsStore<S extends object, I>({ write, saved, pageAddresses }: Options<S, I>) {
  const $settings = atom<S | null>(null);
  return {
    $settings,
    start(initial: S): void {
      if ($settings.get() === null) $settings.set(initial);
    },
    save(input: I): Promise<Result<S>> {
      return act({
        send: () => write(getClient(), input),
        confirm: (settings) => {
          const page = $settings.get();
          const kept = { ...settings };
          if (page) for (const key of pageAddresses) kept[key] = page[key];
          $settings.set(kept);
        },
        success: saved(),
        failure: '',
      });
    },
  };
}

export type ConnectionSettingsStore<S extends object, I> = ReturnType<typeof connectionSettingsStore<S, I>>;
