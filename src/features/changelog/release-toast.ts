// A polite "new release" notice on any open page when staff publish a changelog entry, one per release heard
// (newest on top), without React (ReleaseToast.astro renders its empty live region).
import { translator } from '../../i18n/current';
import { dismissibleNotice } from '../../ui/dismissible-notice';
import { $newReleases, dismissRelease, type NewRelease, watchReleases } from './releases';

function releaseNotice(release: NewRelease): HTMLElement {
  const t = translator('toasts');
  const link = document.createElement('a');
  link.href = `/changelog/${release.slug}`;
  link.textContent = release.title;
  // The link goes where the translator put {title}; the space before Dismiss only parts two controls.
  const [before = '', after = ''] = t('newRelease').split('{title}');
  return dismissibleNotice('release-toast', [before, link, after, ' '], t('dismiss'), () =>
    dismissRelease(release.slug),
  );
}

/** Shows each newly published release in this `.release-toast-region`. Notices already shown stay as they
 * are (a live region announces what is added, so moving them would announce them again). */
export function bindReleaseToast(region: HTMLElement): void {
  watchReleases();
  const shown = new Map<string, HTMLElement>();
  $newReleases.subscribe((releases) => {
    const slugs = new Set(releases.map((release) => release.slug));
    for (const [slug, notice] of shown) {
      if (slugs.has(slug)) continue;
      notice.remove();
      shown.delete(slug);
    }
    for (const release of [...releases].reverse()) {
      if (shown.has(release.slug)) continue;
      const notice = releaseNotice(release);
      shown.set(release.slug, notice);
      region.prepend(notice);
    }
  });
}
