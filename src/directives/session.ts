// `client:session`: hydrates an island only once someone is signed in in this browser, at once or when
// another tab signs in. Signed out, the island's server HTML (links to sign in) is all it needs, so a
// visitor's page loads no React for it.
import type { ClientDirective } from 'astro';
import { AUTH_STORAGE_KEY, hasSession, hydrateOnce, WAITING } from './wait-for';

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

export default sessionDirective;
