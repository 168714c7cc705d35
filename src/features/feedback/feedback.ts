// The staff feedback inbox's state (issue 58): the items waiting, counts per source, the source filter, the item
// selected and the idea chosen for it, the new-idea draft, kept live (feedback_items over PocketBase's realtime, the
// stores' client seam) and acted on by keyboard or buttons: link, new idea, dismiss. A refused action changes
// nothing and says why in the toast.
import { atom, computed } from 'nanostores';
import { translate } from '../../i18n/current';
import { toAppError } from '../../lib/pb/errors';
import type { RealtimeEvent } from '../../lib/pb/realtime';
import { getClient } from '../../stores/client';
import { listen, onceSubscribed, onReconnect } from '../../stores/realtime';
import { showToast } from '../../stores/toast';
import {
  dismissFeedback,
  type FeedbackInbox,
  type FeedbackItem,
  type FeedbackSource,
  feedbackToIdea,
  fetchFeedbackItem,
  fetchInbox,
  linkFeedback,
} from './feedback-data';

export const $inbox = atom<FeedbackInbox | null>(null);
export const $source = atom<FeedbackSource | ''>('');
export const $selectedId = atom<string>('');
/** The suggested idea chosen per item (its id); the first suggestion when none was chosen. */
export const $chosen = atom<Record<string, string>>({});
/** The item whose new-idea form is open. */
export const $drafting = atom<string>('');
/** The newest arrival's author, for the page's live announcement. */
export const $arrived = atom<string>('');
const busy = new Set<string>();
/** Items this tab decided: their update event changes nothing more (decide took them off and counted). */
const decidedHere = new Set<string>();

export const $selected = computed(
  [$inbox, $selectedId],
  (inbox, id) => inbox?.items.find((item) => item.id === id) ?? null,
);

/** The idea an item would be linked to: the one chosen, else its first suggestion ('' when none). */
export function chosenIdea(item: FeedbackItem): string {
  const chosen = $chosen.get()[item.id];
  if (chosen && item.suggestions.some((one) => one.id === chosen)) return chosen;
  return item.suggestions[0]?.id ?? '';
}

function keepSelection(items: FeedbackItem[], previousIndex = 0): void {
  const id = $selectedId.get();
  if (items.some((item) => item.id === id)) return;
  $selectedId.set(items[Math.min(previousIndex, items.length - 1)]?.id ?? '');
}

let refetching: Promise<void> | null = null;
let again = false;
/** Reads the inbox again (one request at a time; events arriving meanwhile ask for one more). */
export function refresh(): Promise<void> {
  if (refetching) {
    again = true;
    return refetching;
  }
  refetching = (async () => {
    do {
      again = false;
      try {
        const before = new Set($inbox.get()?.items.map((item) => item.id));
        const fresh = await fetchInbox(getClient(), $source.get());
        // Items the staff member is acting on right now stay out until the server says how it went.
        fresh.items = fresh.items.filter((item) => !busy.has(item.id));
        const newcomer = fresh.items.find((item) => !before.has(item.id));
        if (before.size > 0 && newcomer) $arrived.set(newcomer.author_name || newcomer.author_email);
        const index = $inbox.get()?.items.findIndex((item) => item.id === $selectedId.get()) ?? 0;
        $inbox.set(fresh);
        keepSelection(fresh.items, Math.max(0, index));
      } catch (error) {
        showToast(toAppError(error).message);
      }
    } while (again);
    refetching = null;
  })();
  return refetching;
}

/** The fields of a feedback_items event this store reads (the record as its list rule lets staff see it). */
interface ItemEvent {
  id: string;
  status: string;
  source: FeedbackSource;
}

/**
 * One change to a feedback item, applied without reading the whole inbox again (a list of 100 items costs
 * PocketBase about 55 ms of CPU): a new item is read alone (GET …/{id}) and added, a decided or deleted one
 * leaves the list and its source's count. What cannot be applied this way is read whole (refresh).
 */
async function applyEvent({ action, record }: RealtimeEvent<ItemEvent>): Promise<void> {
  if (!$inbox.get()) return;
  // A whole read on its way may have been answered before this change: it would set the list without it. One
  // more read after it says how things stand (refresh: `again`).
  if (refetching) {
    decidedHere.delete(record.id);
    return refresh();
  }
  if (record.status === 'new' && action !== 'delete') {
    let item: FeedbackItem;
    try {
      item = await fetchFeedbackItem(getClient(), record.id);
    } catch {
      return refresh();
    }
    const now = $inbox.get();
    if (!now || busy.has(item.id)) return;
    const shown = !$source.get() || $source.get() === item.source;
    const known = now.items.some((one) => one.id === item.id);
    // Newest first, as the server lists them: arrivals read at once can answer in any order.
    const items = known
      ? now.items.map((one) => (one.id === item.id ? item : one))
      : [item, ...now.items].sort((a, b) => b.created.localeCompare(a.created));
    const counts = known ? now.counts : { ...now.counts, [item.source]: (now.counts[item.source] ?? 0) + 1 };
    $inbox.set({ ...now, items: shown ? items : now.items, counts });
    if (!known && shown) $arrived.set(item.author_name || item.author_email);
    keepSelection($inbox.get()?.items ?? []);
    return;
  }
  if (decidedHere.delete(record.id)) return;
  const now = $inbox.get();
  if (!now) return;
  const index = now.items.findIndex((one) => one.id === record.id);
  const wasWaiting = action === 'update' || record.status === 'new';
  const counts = wasWaiting
    ? { ...now.counts, [record.source]: Math.max(0, (now.counts[record.source] ?? 0) - 1) }
    : now.counts;
  $inbox.set({ ...now, items: now.items.filter((one) => one.id !== record.id), counts });
  keepSelection($inbox.get()?.items ?? [], Math.max(0, index));
}

/** Starts the inbox with the server's render, and follows every change to feedback items from then on. */
export function startInbox(initial: FeedbackInbox, source: FeedbackSource | ''): () => void {
  $inbox.set(initial);
  $source.set(source);
  keepSelection(initial.items);
  const stopListening = listen<ItemEvent>('feedback_items', '*', (event) => void applyEvent(event));
  // What arrived between the server's render and the subscription is read once it is live.
  onceSubscribed(() => void refresh());
  const stopCatchUp = onReconnect(() => void refresh());
  return () => {
    stopListening();
    stopCatchUp();
  };
}

export function setSource(source: FeedbackSource | ''): Promise<void> {
  $source.set(source);
  if (typeof history !== 'undefined') {
    const url = new URL(location.href);
    if (source) url.searchParams.set('source', source);
    else url.searchParams.delete('source');
    history.replaceState(null, '', url);
  }
  return refresh();
}

export function select(id: string): void {
  $selectedId.set(id);
}

/** Moves the selection by `step` (j: 1, k: -1), staying within the list. */
export function move(step: number): void {
  const items = $inbox.get()?.items ?? [];
  if (items.length === 0) return;
  const index = items.findIndex((item) => item.id === $selectedId.get());
  const next = Math.max(0, Math.min(items.length - 1, Math.max(index, 0) + step));
  $selectedId.set(items[next]?.id ?? '');
}

export function choose(itemId: string, ideaId: string): void {
  $chosen.set({ ...$chosen.get(), [itemId]: ideaId });
}

export function openDraft(itemId: string): void {
  $drafting.set(itemId);
}

export function closeDraft(): void {
  $drafting.set('');
}

/** Takes the item off the list at once, runs the action, puts it back with the reason if refused. */
async function decide(item: FeedbackItem, send: () => Promise<unknown>, success: string): Promise<boolean> {
  const inbox = $inbox.get();
  if (!inbox || busy.has(item.id)) return false;
  busy.add(item.id);
  decidedHere.add(item.id);
  const index = inbox.items.findIndex((one) => one.id === item.id);
  const rest = inbox.items.filter((one) => one.id !== item.id);
  const counts = { ...inbox.counts, [item.source]: Math.max(0, (inbox.counts[item.source] ?? 0) - 1) };
  $inbox.set({ ...inbox, items: rest, counts });
  if ($selectedId.get() === item.id) $selectedId.set(rest[Math.min(index, rest.length - 1)]?.id ?? '');
  if ($drafting.get() === item.id) closeDraft();
  try {
    await send();
    showToast(success);
    return true;
  } catch (error) {
    decidedHere.delete(item.id);
    const now = $inbox.get();
    if (now) {
      const items = [...now.items];
      items.splice(Math.min(index, items.length), 0, item);
      $inbox.set({ ...now, items, counts: { ...now.counts, [item.source]: (now.counts[item.source] ?? 0) + 1 } });
      $selectedId.set(item.id);
    }
    showToast(toAppError(error).message);
    return false;
  } finally {
    busy.delete(item.id);
  }
}

/** l: links the item to its chosen idea (the customer's vote, the quote kept on the idea). */
export function linkSelected(item = $selected.get()): Promise<boolean> {
  if (!item) return Promise.resolve(false);
  const idea = chosenIdea(item);
  if (!idea) {
    showToast(translate('feedback', 'nothingToLink'));
    return Promise.resolve(false);
  }
  return decide(item, () => linkFeedback(getClient(), item.id, idea), translate('feedback', 'linked'));
}

/** The new-idea form's submit: an idea on `board` titled `title`, then linked. */
export function createIdea(item: FeedbackItem, data: { board: string; title: string }): Promise<boolean> {
  return decide(item, () => feedbackToIdea(getClient(), item.id, data), translate('feedback', 'created'));
}

/** d: out of the inbox, nothing posted. */
export function dismissSelected(item = $selected.get()): Promise<boolean> {
  if (!item) return Promise.resolve(false);
  return decide(item, () => dismissFeedback(getClient(), item.id), translate('feedback', 'dismissed'));
}
