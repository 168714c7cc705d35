// The toaster, without React: the current toast (e.g. a refused vote) and a lost live connection, in a region
// that public pages render with Toaster.astro and React islands with Toaster.tsx.
import { translator } from '../i18n/current';
import { $connection, $subscribed } from '../stores/realtime';
import { $toast, dismissToast } from '../stores/toast';
import { dismissibleNotice } from './dismissible-notice';

/**
 * Keeps this `.toaster` region showing the toast and connection state; `data-live` says when live events flow.
 * Returns the function that stops it.
 */
export function bindToastRegion(region: HTMLElement): () => void {
  const reconnecting = document.createElement('p');
  reconnecting.className = 'toast';
  let shownToast = 0;
  let toastElement: HTMLElement | null = null;
  const render = () => {
    const t = translator('toasts');
    const connection = $connection.get();
    const toast = $toast.get();
    region.dataset.live = $subscribed.get() && connection === 'online' ? 'ready' : 'waiting';
    reconnecting.textContent = t('reconnecting');
    // A new toast gets a new element, so assistive technology announces it even when the text repeats.
    if (toast?.id !== shownToast) {
      shownToast = toast?.id ?? 0;
      toastElement = toast ? toastFor(toast.message, t('dismiss')) : null;
    }
    const shown = [...(connection === 'reconnecting' ? [reconnecting] : []), ...(toastElement ? [toastElement] : [])];
    // Unchanged content is left alone: re-inserting it would announce it again.
    if (shown.length !== region.children.length || shown.some((element, i) => region.children[i] !== element)) {
      region.replaceChildren(...shown);
    }
  };
  const stops = [$toast.listen(render), $connection.listen(render), $subscribed.listen(render)];
  render();
  return () => {
    for (const stop of stops) stop();
  };
}

function toastFor(message: string, dismissLabel: string): HTMLElement {
  return dismissibleNotice('toast', [`${message} `], dismissLabel, dismissToast);
}
