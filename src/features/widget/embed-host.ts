// The panel's side of the widget: listens to the host page that framed it (only that window, only
// from an origin the admin allowed) for identify, sign-out and "compose", and tells it when to close
// and how many releases are new. The panel's pages remember the host and the home board in the frame.
import { readFrameState, writeFrameState } from '../../lib/frame-state';
import { EMBED_SIGNIN_PATH, toEmbedNextPath } from '../../lib/next-path';
import { signOut } from '../../stores/session';
import { showToast } from '../../stores/toast';
import type { Message } from '../../widget/protocol';
import { saveDraft } from '../composer/draft';
import { signInWithIdentifyToken } from '../sso/identify';

export interface EmbedContext {
  /** Origins the admin allowed to embed the panel. */
  allowedOrigins: string[];
  /** The board this page shows, if any: the panel's home board from then on. */
  board: { id: string; slug: string } | null;
}

const HOST_KEY = 'chorus:embed-host';
const BOARD_KEY = 'chorus:embed-board';

/** Starts listening to the host page; returns a function to stop. Does nothing outside an allowed frame. */
export function connectToHost({ allowedOrigins, board }: EmbedContext): () => void {
  const host = findHostOrigin(allowedOrigins);
  if (!host) return () => {};
  if (board) writeFrameState(BOARD_KEY, JSON.stringify(board));
  const post = (message: Message) => window.parent.postMessage(message, host);

  const onMessage = (event: MessageEvent<Message>) => {
    if (event.source !== window.parent || event.origin !== host) return;
    void handle(event.data);
  };
  // Another site's page must never load in this frame (it could read the frame's state): new tab.
  const onClick = (event: MouseEvent) => {
    const link = (event.target as Element | null)?.closest?.('a[href]') as HTMLAnchorElement | null;
    if (link && link.origin !== location.origin) Object.assign(link, { target: '_blank', rel: 'noopener noreferrer' });
  };
  const onKey = (event: KeyboardEvent) => {
    if (event.key === 'Escape') post({ type: 'chorus:close' });
  };
  window.addEventListener('message', onMessage);
  document.addEventListener('keydown', onKey);
  document.addEventListener('click', onClick, true);
  // The launcher's unseen-releases badge, once the panel is up (what's new loads on demand).
  let stopped = false;
  let stopBadge = () => {};
  void import('../changelog/whats-new').then(({ $unseenReleases }) => {
    if (!stopped) stopBadge = $unseenReleases.subscribe((count) => post({ type: 'chorus:unseen', count }));
  });
  post({ type: 'chorus:ready' });
  return () => {
    window.removeEventListener('message', onMessage);
    document.removeEventListener('keydown', onKey);
    document.removeEventListener('click', onClick, true);
    stopped = true;
    stopBadge();
  };
}

/** Asks the host page to close the panel. */
export function closePanel(allowedOrigins: string[]): void {
  const host = findHostOrigin(allowedOrigins);
  if (host) window.parent.postMessage({ type: 'chorus:close' } satisfies Message, host);
}

async function handle(message: Message): Promise<void> {
  if (message?.type === 'chorus:identify' && typeof message.token === 'string') {
    const outcome = await signInWithIdentifyToken(message.token);
    if (!outcome.ok) showToast(outcome.message, 10_000);
    else if (outcome.changed || location.pathname === EMBED_SIGNIN_PATH) continueSignedIn();
  } else if (message?.type === 'chorus:signout') {
    signOut();
    location.reload();
  } else if (message?.type === 'chorus:compose') {
    const board = homeBoard();
    if (!board) return;
    saveDraft(board.id, { title: String(message.title).slice(0, 200), body: String(message.body).slice(0, 10_000) });
    location.assign(`/embed/b/${encodeURIComponent(board.slug)}`);
  }
}

/** Signed in: the sign-in page goes back to where the person was (a pending vote is cast there), others reload. */
function continueSignedIn(): void {
  if (location.pathname === EMBED_SIGNIN_PATH) {
    location.assign(toEmbedNextPath(new URLSearchParams(location.search).get('next')));
  } else {
    location.reload();
  }
}

/** The framing page's origin when the admin allowed it: the browser's word first, else the loader's. */
function findHostOrigin(allowedOrigins: string[]): string | null {
  if (window.parent === window) return null;
  const fromBrowser = location.ancestorOrigins?.[0];
  const fromLoader = new URLSearchParams(location.search).get('origin') ?? readFrameState(HOST_KEY);
  const origin = fromBrowser ?? fromLoader;
  if (!origin || !allowedOrigins.includes(origin)) return null;
  writeFrameState(HOST_KEY, origin);
  return origin;
}

/** The panel's home board: the one the host page embedded, whatever page the panel shows now. */
export function homeBoard(): { id: string; slug: string } | null {
  try {
    return JSON.parse(readFrameState(BOARD_KEY) ?? 'null');
  } catch {
    return null;
  }
}
