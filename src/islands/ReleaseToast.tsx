// A polite "new release" notice on any open page when staff publish a changelog entry.

import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { translator } from '../i18n/current';
import { $newRelease, dismissRelease, watchReleases } from '../stores/releases';

export default function ReleaseToast() {
  const release = useStore($newRelease);
  const t = translator('toasts');
  useEffect(watchReleases, []);
  return (
    <div className="release-toast-region" aria-live="polite">
      {release && (
        <p className="release-toast" data-testid="release-toast">
          {t('newRelease')} <a href={`/changelog/${release.slug}`}>{release.title}</a>{' '}
          <button type="button" className="button link" onClick={dismissRelease}>
            {t('dismiss')}
          </button>
        </p>
      )}
    </div>
  );
}
