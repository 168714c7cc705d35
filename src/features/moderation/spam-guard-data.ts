// The admins' spam settings (issue 38): blocked words and domains (spam_guard), Turnstile's site key (on the site
// record, browsers need it) and its secret (spam_guard, written as new_turnstile_secret, never read back).
import type { PocketBase } from '../../lib/pb/client';

export interface SpamGuard {
  id: string;
  blocked_words: string;
  blocked_domains: string;
}

export interface SpamGuardInput {
  blocked_words: string;
  blocked_domains: string;
  turnstile_site_key: string;
  /** '' keeps the saved secret. */
  new_turnstile_secret: string;
}

export function loadSpamGuard(pb: PocketBase): Promise<SpamGuard> {
  return pb.collection('spam_guard').getFirstListItem<SpamGuard>('', { fields: 'id,blocked_words,blocked_domains' });
}

export function spamGuardInputOf(form: FormData): SpamGuardInput {
  // A textarea's lines arrive as CRLF (the HTML form encoding): kept as typed, one \n each.
  const text = (name: string) => String(form.get(name) ?? '').replace(/\r\n?/g, '\n');
  return {
    blocked_words: text('blocked_words'),
    blocked_domains: text('blocked_domains'),
    turnstile_site_key: text('turnstile_site_key').trim(),
    new_turnstile_secret: text('new_turnstile_secret').trim(),
  };
}

/** Saves the site key on the site record first (its pattern is checked there), then the lists and secret. */
export async function saveSpamGuard(pb: PocketBase, siteId: string, guardId: string, input: SpamGuardInput) {
  await pb.collection('site').update(siteId, { turnstile_site_key: input.turnstile_site_key });
  await pb.collection('spam_guard').update(guardId, {
    blocked_words: input.blocked_words,
    blocked_domains: input.blocked_domains,
    ...(input.new_turnstile_secret && { new_turnstile_secret: input.new_turnstile_secret }),
  });
}
