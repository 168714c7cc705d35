// The tab's live feed of ideas: which ideas the page follows (and whether each is public), the topics that
// follows from (lib/live/idea-live-data.ts decides them), and each event handed to the stores that asked: counts and
// status ($posts), voters, comments, the roadmap and the "N new ideas" bar.

import { type IdeaLive, ideaTopics, isLivePublic } from '../lib/live/idea-live-data';
import type { RealtimeEvent } from '../lib/pb/realtime';
import { listen, listenPublic } from './realtime';
import { getViewer } from './viewer';

export type IdeaHandler = (event: RealtimeEvent<IdeaLive>) => void;

interface Followed {
  isPublic: boolean;
  handlers: Set<IdeaHandler>;
}
const followed = new Map<string, Followed>();
/** Handlers of every idea's events, each with whether its page shows public ideas only. */
const everyIdea = new Map<IdeaHandler, boolean>();
const subscribed = new Map<string, () => void>();

/** Subscribes to the topics now needed before dropping the ones no longer needed, so nothing is missed. */
function sync(): void {
  const ideas = new Map([...followed].map(([id, idea]) => [id, idea.isPublic]));
  const wanted = ideaTopics(ideas, { wanted: everyIdea.size > 0, public: [...everyIdea.values()].every(Boolean) });
  const keys = new Set(wanted.map(({ collection, topic }) => `${collection}/${topic}`));
  for (const { collection, topic } of wanted) {
    const key = `${collection}/${topic}`;
    if (subscribed.has(key)) continue;
    // Public ideas come from the edge's sockets (lists also ask for the shown ideas' latest counts there).
    const stop =
      collection === 'post_live'
        ? listenPublic<IdeaLive>(topic === '*' ? 'ideas' : `idea:${topic}`, dispatch, {
            want: () => [...followed.keys()],
          })
        : listen<IdeaLive>(collection, topic, dispatch);
    subscribed.set(key, stop);
  }
  for (const [key, stop] of subscribed) {
    if (keys.has(key)) continue;
    subscribed.delete(key);
    stop();
  }
}

function dispatch(event: RealtimeEvent<IdeaLive>): void {
  const idea = followed.get(event.record.id);
  const fromPublicCopy = (event.record as { collectionName?: string }).collectionName === 'post_live';
  if (idea && event.action === 'delete' && fromPublicCopy && getViewer()) {
    // No longer public (moved to a members board, unapproved…): a signed-in viewer may still see it.
    idea.isPublic = false;
    sync();
    return;
  }
  for (const handler of everyIdea.keys()) handler(event);
  for (const handler of idea?.handlers ?? []) handler(event);
}

/**
 * Follows one idea's live state; `isPublic` as the page knows it (see isLivePublic). A non-public idea is
 * followed from `posts` for as long as any page part says so. Returns a function to stop.
 */
export function followIdea(id: string, isPublic: boolean | undefined, handler: IdeaHandler): () => void {
  const open = isLivePublic(isPublic, getViewer() !== null);
  const idea = followed.get(id) ?? { isPublic: open, handlers: new Set<IdeaHandler>() };
  idea.isPublic &&= open;
  idea.handlers.add(handler);
  followed.set(id, idea);
  sync();
  return () => {
    if (!idea.handlers.delete(handler)) return;
    if (idea.handlers.size === 0 && followed.get(id) === idea) followed.delete(id);
    sync();
  };
}

/** Hears every idea's events (new ideas included); `isPublic`: the page shows public boards only. */
export function followEveryIdea(isPublic: boolean | undefined, handler: IdeaHandler): () => void {
  everyIdea.set(handler, isLivePublic(isPublic, getViewer() !== null));
  sync();
  return () => {
    if (!everyIdea.delete(handler)) return;
    sync();
  };
}

/** The ideas followed now, each with whether it is public (to catch up after a reconnect). */
export function followedIdeas(): Map<string, boolean> {
  return new Map([...followed].map(([id, idea]) => [id, idea.isPublic]));
}
