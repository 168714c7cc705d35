// The idea page with no React for a visitor: its vote block, status and counts follow the live stores as a
// list of one card does (live-cards.ts), and the voters and comments islands wake (hydrate and catch up)
// when a vote or a comment arrives.
import { wakeIslands } from '../../directives/wake';
import { $posts } from '../../stores/posts';
import { bindLiveCards } from './live-cards';

/** Binds the idea page's `[data-live-cards]` layout (one `[data-post]` article) to the live stores. */
export function bindLiveIdea(layout: HTMLElement): void {
  bindLiveCards(layout);
  const id = layout.querySelector<HTMLElement>('[data-post]')?.dataset.post ?? '';
  let seen = $posts.get()[id];
  $posts.listen((posts) => {
    const live = posts[id];
    if (!live || !seen || live === seen) return;
    if (live.vote_count !== seen.vote_count) wakeIslands('voters');
    if (live.comment_count !== seen.comment_count || live.locked !== seen.locked) wakeIslands('comments');
    seen = live;
  });
}
