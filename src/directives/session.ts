// `client:session`: hydrates an island only once someone is signed in in this browser, at once or when
// another tab signs in. Signed out, the island's server HTML (links to sign in) is all it needs, so a
// visitor's page loads no React for it.
import type { ClientDirective } from 'astro';
import { hydrateOnce, WAITING } from './wait-for';

/** Where the PocketBase SDK keeps the session (its LocalAuthStore's default key, used by lib/pb/client.ts). */
const AUTH_STORAGE_KEY = 'pocketbase_auth';
/** The cookie lib/pb/client.ts mirrors the session into for the server (AUTH_COOKIE). */
const AUTH_COOKIE = /(?:^|;\s*)pb_auth=[^;]/;

const sessionDirective: ClientDirective = (load, _options, island) => {
  const hydrate = hydrateOnce(load, island);
  if (hasSession()) {
    void hydrate();
    return;
  }
  island.setAttribute(WAITING, 'session');
  const onStorage = (event: StorageEvent) => {
    if (event.key !== AUTH_STORAGE_KEY || !event.newValue) return;
    removeEventListener('storage', onStorage);
    void hydrate();
  };
  addEventListener('storage', onStorage);
};

function hasSession(): boolean {
  try {
    if (localStorage.getItem(AUTH_STORAGE_KEY)) return true;
  } catch {
    // Storage blocked: the cookie still tells.
  }
  return AUTH_COOKIE.test(document.cookie);
}

export default sessionDirective;
