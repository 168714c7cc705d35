// A polite "new release" notice on any open page when staff publish a changelog entry, without React
// (ReleaseToast.astro renders its empty live region).
import { translator } from '../../i18n/current';
import { dismissibleNotice } from '../../ui/dismissible-notice';
import { $newRelease, dismissRelease, watchReleases } from './releases';

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
    // The link goes where the translator put {title}; the space before Dismiss only parts two controls.
    const [before = '', after = ''] = t('newRelease').split('{title}');
    const toast = dismissibleNotice('release-toast', [before, link, after, ' '], t('dismiss'), dismissRelease);
    region.replaceChildren(toast);
  });
}
