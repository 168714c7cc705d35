// "Share an idea": loads the composer on demand; reopens it by itself when a draft is waiting
// (after a sign-in detour or a reload).
import { lazy, Suspense, useEffect, useState } from 'react';
import type { SessionUser } from '../lib/pb/types';
import { hasDraft } from '../stores/draft';

const Composer = lazy(() => import('./Composer'));

interface Props {
  boardId: string;
  boardName: string;
  serverUser: SessionUser | null;
}

export default function ComposerLauncher({ boardId, boardName, serverUser }: Props) {
  const [open, setOpen] = useState(false);
  useEffect(() => {
    if (hasDraft(boardId)) setOpen(true);
  }, [boardId]);
  if (!open) {
    return (
      <button type="button" className="button primary" onClick={() => setOpen(true)}>
        Share an idea
      </button>
    );
  }
  return (
    <Suspense fallback={<p className="muted">Opening the editor…</p>}>
      <Composer boardId={boardId} boardName={boardName} serverUser={serverUser} onClose={() => setOpen(false)} />
    </Suspense>
  );
}
