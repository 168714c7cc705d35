// A polite "new release" notice on any open page when staff publish a changelog entry.
import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $newRelease, dismissRelease, watchReleases } from '../stores/releases';

export default function ReleaseToast() {
  const release = useStore($newRelease);
  useEffect(watchReleases, []);
  return (
    <div className="release-toast-region" aria-live="polite">
      {release && (
        <p className="release-toast" data-testid="release-toast">
          New release: <a href={`/changelog/${release.slug}`}>{release.title}</a>{' '}
          <button type="button" className="button link" onClick={dismissRelease}>
            Dismiss
          </button>
        </p>
      )}
    </div>
  );
}
