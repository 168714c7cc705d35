// A polite "new release" notice on any open page when staff publish a changelog entry, without React
// (ReleaseToast.astro renders its empty live region).
import { translator } from '../i18n/current';
import { $newRelease, dismissRelease, watchReleases } from '../stores/releases';

/** Shows each newly published release in this `.release-toast-region`. */
export function bindReleaseToast(region: HTMLElement): void {
  watchReleases();
  $newRelease.subscribe((release) => {
    if (!release) {
      region.replaceChildren();
      return;
    }
    const t = translator('toasts');
    const link = document.createElement('a');
    link.href = `/changelog/${release.slug}`;
    link.textContent = release.title;
    const dismiss = document.createElement('button');
    dismiss.type = 'button';
    dismiss.className = 'button link';
    dismiss.textContent = t('dismiss');
    dismiss.addEventListener('click', dismissRelease);
    const toast = document.createElement('p');
    toast.className = 'release-toast';
    toast.dataset.testid = 'release-toast';
    toast.append(`${t('newRelease')} `, link, ' ', dismiss);
    region.replaceChildren(toast);
  });
}
