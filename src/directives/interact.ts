// `client:interact`: hydrates an island when the visitor first reaches for it (pointer, focus, key), or at
// once when `{ param }` is in the URL or `{ stored }` is in localStorage (a reopened composer). Its server
// HTML must already work (a link, a plain form); a click that lands before hydration is held and replayed
// on the hydrated island, and text typed meanwhile is announced to it as input.
import type { ClientDirective } from 'astro';
import { hydrateOnce, WAITING } from './wait-for';

interface InteractOptions {
  /** Hydrate at once when the URL has this search parameter. */
  param?: string;
  /** Hydrate at once when localStorage holds this key. */
  stored?: string;
}

const REACH = ['pointerdown', 'focusin', 'keydown', 'mouseover'] as const;

const interactDirective: ClientDirective = (load, options, island) => {
  const hydrate = hydrateOnce(load, island);
  if (wantedNow((options.value ?? {}) as InteractOptions)) {
    void hydrate();
    return;
  }
  island.setAttribute(WAITING, 'interaction');
  let hydrated = false;
  const start = () => {
    for (const type of REACH) island.removeEventListener(type, start);
    void hydrate().then(() => {
      hydrated = true;
      island.removeEventListener('click', holdClick, true);
      announceTypedText(island);
    });
  };
  const holdClick = (event: MouseEvent) => {
    if (hydrated || !(event.target instanceof Element)) return;
    const target = event.target;
    event.preventDefault();
    event.stopPropagation();
    start();
    void hydrate().then(() => {
      if (target.isConnected) target.dispatchEvent(new MouseEvent('click', { bubbles: true, cancelable: true }));
    });
  };
  for (const type of REACH) island.addEventListener(type, start, { passive: true });
  island.addEventListener('click', holdClick, true);
};

function wantedNow({ param, stored }: InteractOptions): boolean {
  if (param && new URLSearchParams(location.search).has(param)) return true;
  try {
    return Boolean(stored && localStorage.getItem(stored));
  } catch {
    return false;
  }
}

/** A field typed into before hydration tells the island now, as if the last key had just been pressed. */
function announceTypedText(island: HTMLElement): void {
  const field = document.activeElement;
  if (field instanceof HTMLInputElement && island.contains(field) && field.value !== field.defaultValue) {
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

export default interactDirective;
