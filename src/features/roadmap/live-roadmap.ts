// The roadmap with no React for a visitor: its server-rendered columns stand until an idea on it (or one
// moving onto it) changes, then the roadmap island wakes, hydrates and reloads the cards (features/roadmap/roadmap.ts).
import { wakeIslands } from '../../directives/wake';
import { followEveryIdea } from '../../stores/idea-live';
import { $subscribed } from '../../stores/realtime';
import { markRoadmapStale } from './roadmap';

/** Watches the ideas of one `[data-roadmap-live]` roadmap until the first change that concerns it; the root says
 * `data-live="ready"` once the edge is listening (as the toaster does on other pages). */
export function watchRoadmap(root: HTMLElement): void {
  const columns = new Set([...root.querySelectorAll<HTMLElement>('[data-column]')].map((c) => c.dataset.column));
  const cards = new Set([...root.querySelectorAll<HTMLElement>('[data-post]')].map((c) => c.dataset.post));
  let woke = false;
  // Still listening after waking: the island's own listener shares this topic instead of resubscribing.
  followEveryIdea(root.dataset.public !== undefined, ({ record }) => {
    if (woke || (!cards.has(record.id) && !columns.has(record.status))) return;
    woke = true;
    markRoadmapStale();
    wakeIslands('roadmap');
  });
  $subscribed.subscribe((ready) => {
    root.dataset.live = ready ? 'ready' : 'waiting';
  });
}
