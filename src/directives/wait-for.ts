// What the hydration directives share: an island that waits is marked `data-hydrate-waits` (its server
// HTML already works without JavaScript), hydrating happens once whatever triggers it, and whether
// someone is signed in in this browser.
import type { ClientDirective } from 'astro';

type DirectiveLoad = Parameters<ClientDirective>[0];

export const WAITING = 'data-hydrate-waits';
/** Where the PocketBase SDK keeps the session (its LocalAuthStore's default key, used by lib/pb/client.ts). */
export const AUTH_STORAGE_KEY = 'pocketbase_auth';
/** The cookie lib/pb/client.ts mirrors the session into for the server (AUTH_COOKIE). */
const AUTH_COOKIE = /(?:^|;\s*)pb_auth=[^;]/;

/** Returns a function that loads and hydrates the island the first time it is called. */
export function hydrateOnce(load: DirectiveLoad, island: HTMLElement): () => Promise<void> {
  let started: Promise<void> | undefined;
  return () => {
    started ??= load()
      .then(async (hydrate) => {
        await hydrate();
      })
      .finally(() => island.removeAttribute(WAITING));
    return started;
  };
}

export function hasSession(): boolean {
  try {
    if (localStorage.getItem(AUTH_STORAGE_KEY)) return true;
  } catch {
    // Storage blocked: the cookie still tells.
  }
  return AUTH_COOKIE.test(document.cookie);
}
