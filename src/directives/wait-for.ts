// What both hydration directives share: an island that waits is marked `data-hydrate-waits` (its server
// HTML already works without JavaScript), and hydrating happens once, whatever triggers it.
import type { ClientDirective } from 'astro';

type DirectiveLoad = Parameters<ClientDirective>[0];

export const WAITING = 'data-hydrate-waits';

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
