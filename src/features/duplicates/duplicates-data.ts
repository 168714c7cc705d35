// Suggested duplicates for staff (pb_hooks/duplicates/duplicates.pb.js): the queue of pairs, and merging or dismissing one.
import type { PocketBase } from '../../lib/pb/client';

export interface DuplicateIdea {
  id: string;
  title: string;
  vote_count: number;
  board: string;
  board_name: string;
  merged_into: string;
}

export interface DuplicateSuggestion {
  id: string;
  /** The newer idea (merged away by default). */
  post: DuplicateIdea;
  /** The older idea (kept by default). */
  candidate: DuplicateIdea;
  lexical: number;
  semantic: number;
  score: number;
  reason: string;
  words: string[];
  /** The chat model's check of a borderline pair (pb_hooks/duplicates/confirm.js): '' when not asked. */
  confirmation: '' | 'pending' | 'confirmed' | 'declined' | 'unanswered';
  /** The model's one line when it answered (in English). */
  confirmation_reason: string;
  state: 'open' | 'merged' | 'dismissed' | 'closed' | 'declined';
  created: string;
}

export interface DuplicatePage {
  items: DuplicateSuggestion[];
  page: number;
  perPage: number;
  totalItems: number;
}

/** Which idea survives a merge: the older ('candidate', the default) or the newer ('post'). */
export type MergeDirection = 'candidate' | 'post';

export function listDuplicates(pb: PocketBase, page = 1, state = 'open'): Promise<DuplicatePage> {
  return pb.send('/api/chorus/duplicates', { method: 'GET', query: { state, page } });
}

export function mergeDuplicate(pb: PocketBase, id: string, into: MergeDirection): Promise<unknown> {
  return pb.send(`/api/chorus/duplicates/${encodeURIComponent(id)}/merge`, { method: 'POST', body: { into } });
}

export function dismissDuplicate(pb: PocketBase, id: string): Promise<unknown> {
  return pb.send(`/api/chorus/duplicates/${encodeURIComponent(id)}/dismiss`, { method: 'POST' });
}
