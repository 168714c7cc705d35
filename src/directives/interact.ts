// `client:interact`: hydrates an island when the visitor first reaches for it (pointer, focus, key), when
// a page module announces `{ wake }` (a `chorus:wake` event with that name: something live changed), or
// at once when `{ param }` is in the URL, `{ stored }` in localStorage (a reopened composer) or, with
// `{ session }`, someone is signed in. Its server HTML must already work (a link, a plain form); a click
// that lands before hydration is held and replayed on the hydrated island, and text typed meanwhile is
// announced to it as input.
import type { ClientDirective } from 'astro';
import { hasSession, hydrateOnce, WAITING } from './wait-for';
import { WAKE_EVENT } from './wake';

interface InteractOptions {
  /** Hydrate at once when the URL has this search parameter. */
  param?: string;
  /** Hydrate at once when localStorage holds this key. */
  stored?: string;
  /** Hydrate at once when someone is signed in. */
  session?: boolean;
  /** Hydrate when a `chorus:wake` event names this. */
  wake?: string;
}

const REACH = ['pointerdown', 'focusin', 'keydown', 'mouseover'] as const;

const interactDirective: ClientDirective = (load, options, island) => {
  const hydrate = hydrateOnce(load, island);
  const wants = (options.value ?? {}) as InteractOptions;
  if (wantedNow(wants)) {
    void hydrate();
    return;
  }
  island.setAttribute(WAITING, 'interaction');
  let hydrated = false;
  const start = () => {
    for (const type of REACH) island.removeEventListener(type, start);
    removeEventListener(WAKE_EVENT, onWake);
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
  const onWake = (event: Event) => {
    if ((event as CustomEvent<string>).detail === wants.wake) start();
  };
  if (wants.wake) addEventListener(WAKE_EVENT, onWake);
  for (const type of REACH) island.addEventListener(type, start, { passive: true });
  island.addEventListener('click', holdClick, true);
};

function wantedNow({ param, stored, session }: InteractOptions): boolean {
  if (param && new URLSearchParams(location.search).has(param)) return true;
  if (session && hasSession()) return true;
  try {
    return Boolean(stored && localStorage.getItem(stored));
  } catch {
    return false;
  }
}

/** A field typed into before hydration tells the island now, as if the last key had just been pressed. */
function announceTypedText(island: HTMLElement): void {
  const field = document.activeElement;
  const typedIn = field instanceof HTMLInputElement || field instanceof HTMLTextAreaElement;
  if (typedIn && island.contains(field) && field.value !== field.defaultValue) {
    field.dispatchEvent(new Event('input', { bubbles: true }));
  }
}

export default interactDirective;
