// The panel's link to the host page (see features/widget/embed-host.ts), who is signed in, and the close button.

import { useEffect } from 'react';
import { translator } from '../../i18n/current';
import { aroundPlaceholder } from '../../lib/message-parts';
import { useHydrated } from '../../ui/hooks/use-hydrated';
import { useSession } from '../../ui/hooks/use-session';
import { closePanel, connectToHost, type EmbedContext, homeBoard } from './embed-host';

export default function EmbedBridge({ allowedOrigins, board }: EmbedContext) {
  const hydrated = useHydrated();
  const user = useSession(null);
  const t = translator('account');
  const [before, after] = aroundPlaceholder(t('signedInAs'), 'name');
  useEffect(() => {
    const stop = connectToHost({ allowedOrigins, board });
    // Pages without a board (releases) point their Ideas tab at the board the host embedded.
    const home = homeBoard();
    const tab = document.querySelector<HTMLAnchorElement>('a[data-embed-home]');
    if (home && tab) tab.href = `/embed/b/${encodeURIComponent(home.slug)}`;
    return stop;
  }, [allowedOrigins, board]);
  const framed = hydrated && window.parent !== window;
  return (
    <div className="embed-account">
      {/* One line in a narrow panel: the name shows (an ellipsis at its own end, in either direction), the
          whole sentence is its title and what a screen reader reads. */}
      {user && (
        <span className="embed-user" data-testid="embed-user" title={t('signedInAs', { name: user.name })}>
          {before && <span className="visually-hidden">{before}</span>}
          <span className="embed-user-name" dir="auto">
            {user.name}
          </span>
          {after && <span className="visually-hidden">{after}</span>}
        </span>
      )}
      {framed && (
        <button
          type="button"
          className="button embed-close"
          title={t('close')}
          onClick={() => closePanel(allowedOrigins)}
        >
          <span aria-hidden="true">×</span>
          <span className="visually-hidden">{t('closePanel')}</span>
        </button>
      )}
    </div>
  );
}
