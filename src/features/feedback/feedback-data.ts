// The staff feedback inbox's data (issue 58): Chorus's routes (pb_hooks/feedback/feedback.pb.js) for the list, one item and
// the three actions, and the boards a new idea may go on.
import type { PocketBase } from '../../lib/pb/client';

export const FEEDBACK_SOURCES = ['mail', 'slack', 'zendesk', 'intercom'] as const;
export type FeedbackSource = (typeof FEEDBACK_SOURCES)[number];

export interface FeedbackIdea {
  id: string;
  title: string;
  vote_count: number;
  status: string;
}

export interface FeedbackSuggestion extends FeedbackIdea {
  score: number;
  via: string;
}

/** Whether a linked item's customer was told of its idea's progress where they asked (pb_hooks/feedback/answers/). */
export interface FeedbackAnswer {
  id: string;
  item: string;
  customer: string;
  channel: FeedbackSource;
  idea: { id: string; title: string } | null;
  /** The status's name. */
  status: string;
  state: 'pending' | 'sent' | 'failed' | 'skipped';
  attempts: number;
  /** Why not sent: a fixed reason (switched_off, unconfirmed, slack:channel_not_found, timeout, …). */
  error: string;
  sent_at: string;
  updated: string;
}

export interface FeedbackItem {
  id: string;
  source: FeedbackSource;
  source_url: string;
  author_email: string;
  author_name: string;
  member: { id: string; name: string } | null;
  company: { name: string; plan: string; monthly_revenue: number } | null;
  title: string;
  quote: string;
  note: string;
  /** A long text's suggested idea title and one-line need (pb_hooks/feedback/summary.js); `by` the chat model, or
   * 'sentences' (its first sentences); `pending` while the model is still to be asked. */
  summary: { title: string; need: string; by: string; pending: boolean } | null;
  status: 'new' | 'linked' | 'dismissed';
  suggestions: FeedbackSuggestion[];
  idea: FeedbackIdea | null;
  captured_by: { id: string; name: string } | null;
  told: FeedbackAnswer[];
  created: string;
}

export interface FeedbackInbox {
  items: FeedbackItem[];
  /** New items per source. */
  counts: Record<FeedbackSource, number>;
  /** Where staff forward customers' emails ('' while inbound mail is off). */
  mail_address: string;
  /** The latest answers to customers, newest first: only when asked for (the page's first load). */
  told?: FeedbackAnswer[];
}

export interface BoardChoice {
  id: string;
  name: string;
}

/** The waiting items; with `told`, the latest answers to customers too (the page shows them; a refresh does not). */
export function fetchInbox(
  pb: PocketBase,
  source: FeedbackSource | '' = '',
  { told = false }: { told?: boolean } = {},
): Promise<FeedbackInbox> {
  return pb.send<FeedbackInbox>('/api/chorus/feedback', {
    query: { ...(source && { source }), ...(told && { told: '1' }) },
  });
}

export function fetchFeedbackItem(pb: PocketBase, id: string): Promise<FeedbackItem> {
  return pb.send<FeedbackItem>(`/api/chorus/feedback/${encodeURIComponent(id)}`, {});
}

const act = (pb: PocketBase, id: string, action: 'link' | 'idea' | 'dismiss', body: Record<string, unknown> = {}) =>
  pb.send<{ id: string; status: string; idea: { id: string; title: string } | null }>(
    `/api/chorus/feedback/${encodeURIComponent(id)}/${action}`,
    { method: 'POST', body },
  );

export const linkFeedback = (pb: PocketBase, id: string, idea: string) => act(pb, id, 'link', { idea });
export const feedbackToIdea = (pb: PocketBase, id: string, data: { board: string; title: string }) =>
  act(pb, id, 'idea', data);
export const dismissFeedback = (pb: PocketBase, id: string) => act(pb, id, 'dismiss');

/** The boards a new idea may go on (not archived), in their order. */
export async function listBoardChoices(pb: PocketBase): Promise<BoardChoice[]> {
  const boards = await pb
    .collection('boards')
    .getFullList({ filter: 'archived = false', sort: 'position', fields: 'id,name' });
  return boards.map((board) => ({ id: board.id, name: String(board.name) }));
}
