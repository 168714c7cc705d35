// Keeps a list's server-rendered idea cards live without a React root per card: vote counts, the viewer's
// votes, comment counts and status pills follow the stores, and each card's plain vote form becomes the
// optimistic toggle; the "N new ideas" bar above them follows the ideas posted since. A vote held until the
// member confirms their email says so (the idea page's note, a card's button title). One module per list
// instead of ~60 islands to hydrate (and to render on the server).
import { currentLocale, translator } from '../../i18n/current';
import { formatNumber } from '../../i18n/format';
import type { PostLive } from '../../lib/pb/post-types';
import { $createdPosts, $posts, newIdeasOn, trackPost } from '../../stores/posts';
import { resendConfirmation } from '../auth/confirmation';
import { $heldVotes, $myVotes, knowMyVote, requestMyVote, toggleVote } from '../votes/votes';

interface StatusOption {
  id: string;
  name: string;
  slug: string;
}

interface Card {
  id: string;
  count: HTMLElement | null;
  label: HTMLElement | null;
  button: HTMLElement | null;
  /** The note "confirm your email to count your vote" (the idea page only). */
  held: HTMLElement | null;
  comments: HTMLElement | null;
  pill: HTMLElement | null;
  /** What the card shows now (at first, what the server wrote), so only a change is rendered. */
  shown: Pick<PostLive, 'vote_count' | 'comment_count' | 'status'>;
}

/** Binds the cards of one `[data-live-cards]` list (rendered by PostList.astro; the idea page is a list of
 * one) to the live stores. */
export function bindLiveCards(list: HTMLElement): void {
  const statuses = readStatuses(list);
  const cards: Card[] = [];
  for (const element of list.querySelectorAll<HTMLElement>('[data-post]')) {
    const id = element.dataset.post ?? '';
    const server = {
      vote_count: Number(element.dataset.votes ?? 0),
      comment_count: Number(element.dataset.comments ?? 0),
      status: element.dataset.status ?? '',
    };
    trackPost(id, { ...server, locked: element.dataset.locked !== undefined }, element.dataset.public !== undefined);
    // The viewer's vote as the server found it (the idea page, rendered per member): '' means none.
    if (element.dataset.myVote !== undefined) knowMyVote(id, element.dataset.myVote || null);
    element.querySelector('form.vote-form')?.addEventListener('submit', (event) => {
      event.preventDefault();
      void toggleVote(id);
    });
    cards.push({
      id,
      count: element.querySelector('.vote-count'),
      label: element.querySelector('.vote-label'),
      button: element.querySelector('.vote-button'),
      held: bindHeldNote(element.querySelector('.vote-held')),
      comments: element.querySelector('[data-testid="comment-count"]'),
      pill: element.querySelector('.status-pill'),
      shown: server,
    });
  }
  const render = () => {
    const posts = $posts.get();
    const mine = $myVotes.get();
    const held = $heldVotes.get();
    for (const card of cards) {
      const live = posts[card.id];
      if (live) renderCard(card, live, card.id in mine ? Boolean(mine[card.id]) : undefined, statuses);
      renderHeld(card, Boolean(held[card.id] && mine[card.id]));
    }
  };
  $posts.listen(render);
  $myVotes.listen(render);
  $heldVotes.listen(render);
  render();
  // The member audience's copy: its buttons are busy until the member's votes are known, or cannot be.
  void requestMyVote(cards.map((card) => card.id)).finally(() => {
    for (const button of list.querySelectorAll('[aria-busy=true]')) button.ariaBusy = 'false';
  });
  list.dataset.liveCards = 'bound';
}

/** "N new ideas: show them" (a link to the newest first) in a `[data-new-ideas]` bar, once there are any. */
export function bindNewIdeasBar(bar: HTMLElement): void {
  newIdeasOn(bar.dataset.newIdeas ?? '', bar.dataset.public !== undefined).subscribe((count) => {
    if (count === 0) {
      bar.replaceChildren();
      return;
    }
    const link = bar.querySelector('a') ?? document.createElement('a');
    link.className = 'button';
    // Named after the newest idea heard of: a copy of the list cached before it (its purge may wait for
    // Cloudflare's purge budget) is never what this link shows.
    const newest = $createdPosts.get().at(-1)?.id ?? '';
    link.href = `?sort=new&new=${newest}`;
    link.textContent = translator('ideas')('newIdeas', { count });
    if (!link.isConnected) bar.append(link);
  });
}

/** `voted` undefined: not known in this tab yet, so the server's answer stands. Counts are formatted only
 * when they changed: a page's first render finds what the server wrote, and formatting would create the
 * locale's number and plural rules (tens of milliseconds on a phone) for nothing. */
function renderCard(card: Card, live: PostLive, voted: boolean | undefined, statuses: Map<string, StatusOption>): void {
  if (card.button && voted !== undefined && card.button.getAttribute('aria-pressed') !== String(voted)) {
    card.button.setAttribute('aria-pressed', String(voted));
  }
  const shown = card.shown;
  card.shown = { vote_count: live.vote_count, comment_count: live.comment_count, status: live.status };
  if (live.vote_count !== shown.vote_count) {
    setText(card.count, formatNumber(currentLocale(), live.vote_count));
    setText(card.label, translator('vote')('button', { count: live.vote_count }));
  }
  if (live.comment_count !== shown.comment_count) {
    setText(card.comments, translator('comments')('count', { count: live.comment_count }));
  }
  const pill = card.pill;
  if (!pill || live.status === shown.status) return;
  const status = statuses.get(live.status);
  setText(pill, status?.name ?? '');
  if (status && pill.dataset.status !== status.slug) pill.dataset.status = status.slug;
  if (pill.hidden !== !status) pill.hidden = !status;
}

/** Shows (or hides) that the viewer's vote waits for their confirmed email. */
function renderHeld(card: Card, held: boolean): void {
  if (card.held && card.held.hidden === held) card.held.hidden = !held;
  const title = held ? translator('vote')('heldNote') : '';
  if (card.button && (card.button.getAttribute('title') ?? '') !== title) {
    if (title) card.button.setAttribute('title', title);
    else card.button.removeAttribute('title');
  }
}

/** The note's "send the confirmation email again" button: one request, then what happened in words. */
function bindHeldNote(note: HTMLElement | null): HTMLElement | null {
  const button = note?.querySelector<HTMLButtonElement>('[data-resend-confirmation]');
  const text = note?.querySelector<HTMLElement>('[data-held-text]');
  button?.addEventListener('click', async () => {
    button.disabled = true;
    const sent = await resendConfirmation();
    const t = translator('vote');
    setText(text ?? null, sent.ok ? t('heldSent') : t('heldNotSent'));
    button.disabled = false;
    if (sent.ok) button.hidden = true;
  });
  return note;
}

// Writes only what changed: most store updates touch one card, and untouched text costs no layout.
function setText(element: HTMLElement | null, text: string): void {
  if (element && element.textContent !== text) element.textContent = text;
}

function readStatuses(list: HTMLElement): Map<string, StatusOption> {
  try {
    const parsed = JSON.parse(list.dataset.statuses ?? '[]') as StatusOption[];
    return new Map(parsed.map((status) => [status.id, status]));
  } catch {
    return new Map();
  }
}
