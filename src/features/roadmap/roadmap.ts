// The live roadmap: cards move between columns when staff change an idea's status, and leave when an
// idea is merged, hidden or moved off the roadmap. A screen reader hears each move.

import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { getClient } from '../../stores/client';
import { followEveryIdea } from '../../stores/idea-live';
import { onReconnect } from '../../stores/realtime';
import { loadRoadmap, type RoadmapCard, type RoadmapColumn, toRoadmapCard } from './roadmap-data';

/** null until the island starts: it renders the server's cards until then. */
export const $roadmapCards = atom<RoadmapCard[] | null>(null);
export const $roadmapAnnouncement = atom('');

let stop: (() => void) | null = null;
let stale = false;

/** The roadmap changed before its island started (live-roadmap.ts saw it): the island reloads it on start. */
export function markRoadmapStale(): void {
  stale = true;
}

let reading: Promise<void> | null = null;
let again = false;
/** Reads the whole roadmap again, one read at a time. A move heard meanwhile asks for one more read, and the answer
 * the server may have given before that move is not set (it would put the card back). */
function reload(): Promise<void> {
  if (reading) {
    again = true;
    return reading;
  }
  reading = (async () => {
    do {
      again = false;
      try {
        const { cards } = await loadRoadmap(getClient());
        if (!again) $roadmapCards.set(cards);
      } catch {}
    } while (again);
    reading = null;
  })();
  return reading;
}

function upsert(cards: RoadmapCard[], card: RoadmapCard): RoadmapCard[] {
  const others = cards.filter((c) => c.id !== card.id);
  return [...others, card].sort((a, b) => b.votes - a.votes);
}

/**
 * Starts following the roadmap; returns a function that stops (the last island unmounting). `everyBoardPublic`:
 * the viewer sees public boards only, when the page knows (then the cards follow the ideas' public copies).
 */
export function followRoadmap(
  columns: RoadmapColumn[],
  initial: RoadmapCard[],
  everyBoardPublic?: boolean,
): () => void {
  if ($roadmapCards.get() === null) $roadmapCards.set(initial);
  if (stop) return () => {};
  const names = new Map(columns.map((c) => [c.id, c.name]));
  const stopPosts = followEveryIdea(everyBoardPublic, ({ action, record }) => {
    if (reading) again = true;
    const cards = $roadmapCards.get() ?? [];
    const before = cards.find((c) => c.id === record.id);
    const onRoadmap =
      action !== 'delete' && !record.merged_into && record.approved !== false && names.has(record.status);
    if (!onRoadmap) {
      if (!before) return;
      $roadmapCards.set(cards.filter((c) => c.id !== record.id));
      $roadmapAnnouncement.set(translate('roadmap', 'left', { title: before.title }));
      return;
    }
    // Public live copies (post_live) carry no ETA: a card keeps the one it was loaded with.
    const eta = (record as { eta?: string }).eta ?? before?.eta ?? '';
    const card = { ...toRoadmapCard(record), eta };
    $roadmapCards.set(upsert(cards, card));
    if (before?.status !== card.status) {
      $roadmapAnnouncement.set(
        translate('roadmap', 'moved', { title: card.title, status: names.get(card.status) ?? '' }),
      );
    }
  });
  const stopCatchUp = onReconnect(() => void reload());
  if (stale) {
    stale = false;
    void reload();
  }
  stop = () => {
    stopPosts();
    stopCatchUp();
    stop = null;
  };
  return stop;
}
