// The "what's new" badge kept live without React (WhatsNewBadge.astro renders its empty slot): the count
// of releases this person has not seen, next to the changelog link; on a changelog page it marks them seen.
import { currentLocale, translator } from '../i18n/current';
import { formatNumber } from '../i18n/format';
import { aroundPlaceholder } from '../lib/message-parts';
import { $unseenReleases, markReleasesSeen } from '../stores/whats-new';

/** Binds one `[data-whats-new]` slot to the unseen releases. */
export function bindWhatsNewBadge(slot: HTMLElement): void {
  const markSeen = slot.dataset.whatsNew === 'mark-seen';
  if (markSeen) void markReleasesSeen();
  $unseenReleases.subscribe((unseen) => {
    if (unseen === 0 || markSeen) {
      slot.replaceChildren();
      return;
    }
    const number = document.createElement('span');
    number.setAttribute('aria-hidden', 'true');
    number.textContent = unseen > 9 ? `${formatNumber(currentLocale(), 9)}+` : formatNumber(currentLocale(), unseen);
    const words = document.createElement('span');
    words.className = 'visually-hidden';
    // The words after the link's own ("Changelog, 3 new releases"): the separator is the locale's.
    const t = translator('releases');
    words.textContent = aroundPlaceholder(t('linkWithUnseen', { unseen: t('unseen', { count: unseen }) }), 'link')[1];
    const badge = document.createElement('span');
    badge.className = 'whats-new-badge';
    badge.dataset.testid = 'whats-new-badge';
    badge.append(number, words);
    slot.replaceChildren(badge);
  });
}
