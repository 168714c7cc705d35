// "Share an idea": loads the composer on demand; reopens it by itself when a draft is waiting
// (after a sign-in detour or a reload). It is a link first: clicked before hydration, it reloads the
// page with ?share=1, and the island opens the composer as soon as it runs.

import { type KeyboardEvent, lazy, type MouseEvent, Suspense, useEffect, useState } from 'react';
import { translator } from '../../i18n/current';
import type { SessionUser } from '../../lib/pb/types';
import { hasDraft } from './draft';

const Composer = lazy(() => import('./Composer'));
const SHARE = 'share';

interface Props {
  boardId: string;
  boardName: string;
  serverUser: SessionUser | null;
}

export default function ComposerLauncher({ boardId, boardName, serverUser }: Props) {
  const [open, setOpen] = useState(false);
  const t = translator('composer');
  useEffect(() => {
    const url = new URL(location.href);
    if (url.searchParams.has(SHARE)) {
      url.searchParams.delete(SHARE);
      history.replaceState(history.state, '', url.pathname + url.search + url.hash);
      setOpen(true);
    } else if (hasDraft(boardId)) setOpen(true);
  }, [boardId]);
  if (!open) {
    const openHere = (event: MouseEvent | KeyboardEvent) => {
      event.preventDefault();
      setOpen(true);
    };
    return (
      // A link until the island runs (so a click always does something); a button that opens in place after.
      // biome-ignore lint/a11y/useSemanticElements: a <button> cannot navigate before hydration.
      <a
        className="button primary"
        href={`?${SHARE}=1`}
        role="button"
        onClick={openHere}
        onKeyDown={(event) => event.key === ' ' && openHere(event)}
        data-testid="share-idea"
      >
        {t('share')}
      </a>
    );
  }
  return (
    <Suspense fallback={<p className="muted">{t('opening')}</p>}>
      <Composer boardId={boardId} boardName={boardName} serverUser={serverUser} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
