// Instant search: the ideas matching what is typed in a search box, debounced; only the latest query's
// answer is shown, so a slow answer to an older query never replaces a newer one.
import { atom } from 'nanostores';
import { getClient } from '../../stores/client';
import { searchPosts } from './posts-data';

export interface SearchHit {
  id: string;
  title: string;
  votes: number;
  status: { name: string; slug: string } | null;
}

export interface SearchState {
  /** The query these hits answer ('' when closed). */
  query: string;
  hits: SearchHit[];
  total: number;
  /** More match than `total` (the server counts up to 1,000). */
  totalCapped?: boolean;
  loading: boolean;
  failed: boolean;
}

export const SEARCH_DEBOUNCE_MS = 200;
export const MIN_QUERY_LENGTH = 2;
export const IDLE_SEARCH: SearchState = { query: '', hits: [], total: 0, loading: false, failed: false };

export const $search = atom<SearchState>(IDLE_SEARCH);

let timer: ReturnType<typeof setTimeout> | undefined;
let latest = '';

/** Searches for `text` after a short pause in typing (on one board, or all boards with ''). */
export function searchAsYouType(text: string, board = ''): void {
  const query = text.trim();
  latest = query;
  clearTimeout(timer);
  if (query.length < MIN_QUERY_LENGTH) {
    $search.set(IDLE_SEARCH);
    return;
  }
  $search.set({ ...$search.get(), loading: true });
  timer = setTimeout(() => void runSearch(query, board), SEARCH_DEBOUNCE_MS);
}

async function runSearch(query: string, board: string): Promise<void> {
  try {
    const page = await searchPosts(getClient(), query, { board, perPage: 6 });
    if (query !== latest) return;
    const hits = page.items.map((post) => ({
      id: post.id,
      title: post.title,
      votes: post.vote_count,
      status: post.expand?.status ? { name: post.expand.status.name, slug: post.expand.status.slug } : null,
    }));
    $search.set({
      query,
      hits,
      total: page.totalItems ?? 0,
      totalCapped: Boolean(page.totalCapped),
      loading: false,
      failed: false,
    });
  } catch {
    if (query === latest) $search.set({ ...IDLE_SEARCH, query, failed: true });
  }
}

/** Closes the results (Escape, leaving the box). */
export function closeSearch(): void {
  clearTimeout(timer);
  latest = '';
  $search.set(IDLE_SEARCH);
}
