// The "what's new" badge kept live without React (WhatsNewBadge.astro renders its empty slot): the count
// of releases this person has not seen, next to the changelog link; on a changelog page it marks them seen.
import { currentLocale, translator } from '../../i18n/current';
import { formatNumber } from '../../i18n/format';
import { $unseenReleases, markReleasesSeen } from './whats-new';

/** Binds one `[data-whats-new]` slot to the unseen releases. */
export function bindWhatsNewBadge(slot: HTMLElement): void {
  const markSeen = slot.dataset.whatsNew === 'mark-seen';
  if (markSeen) void markReleasesSeen();
  // The link's name is one message ("Changelog, 3 new releases", "更新情報、新しいリリース 3 件") in a hidden
  // element, the visible label hidden from it meanwhile: words split across elements get spaces the locale
  // did not write, and an aria-label would no longer contain the visible text.
  const label = slot.previousElementSibling;
  $unseenReleases.subscribe((unseen) => {
    if (unseen === 0 || markSeen) {
      label?.removeAttribute('aria-hidden');
      slot.replaceChildren();
      return;
    }
    const t = translator('releases');
    label?.setAttribute('aria-hidden', 'true');
    const number = document.createElement('span');
    number.setAttribute('aria-hidden', 'true');
    number.textContent = unseen > 9 ? `${formatNumber(currentLocale(), 9)}+` : formatNumber(currentLocale(), unseen);
    const words = document.createElement('span');
    words.className = 'visually-hidden';
    words.textContent = t('linkWithUnseen', { link: slot.dataset.label ?? '', unseen: t('unseen', { count: unseen }) });
    const badge = document.createElement('span');
    badge.className = 'whats-new-badge';
    badge.dataset.testid = 'whats-new-badge';
    badge.append(number, words);
    slot.replaceChildren(badge);
  });
}
