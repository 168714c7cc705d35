// Staff-only data about an idea's priority: its post_insights row (reach, impact, confidence, effort,
// score, revenue, ETA), the admin's scoring (formula and weights), and the writes staff make (sizing, ETA)
// and admins make (formula, weights). PocketBase's rules keep every one of them staff-only.

import type { PocketBase, RecordModel } from '../../lib/pb/client';
import { type IdeaWorth, listVoterCompanies } from '../customers/customers';
import type { Formula } from './priority-format';

export interface InsightRow {
  id: string;
  reach: number;
  impact: number;
  confidence: number;
  effort: number;
  score: number;
  revenue: number;
  company_count?: number;
  eta: string;
  plans: Record<string, { votes: number; revenue: number; companies: number }>;
}

export interface ScoringRecord {
  id: string;
  formula: Formula;
  weights: { segments?: Record<string, number>; revenue?: number } | null;
}

export interface SegmentOption {
  id: string;
  name: string;
}

export function getInsights(pb: PocketBase, postId: string): Promise<InsightRow> {
  return pb.collection('post_insights').getOne<InsightRow>(postId);
}

export function getScoring(pb: PocketBase): Promise<ScoringRecord> {
  return pb.collection('scoring').getFirstListItem<ScoringRecord>('');
}

export function updateSizing(
  pb: PocketBase,
  postId: string,
  sizing: Pick<InsightRow, 'impact' | 'confidence' | 'effort'>,
): Promise<InsightRow> {
  return pb.collection('post_insights').update<InsightRow>(postId, sizing);
}

export function updateEta(pb: PocketBase, postId: string, eta: string): Promise<InsightRow> {
  return pb.collection('post_insights').update<InsightRow>(postId, { eta });
}

export function updateScoring(
  pb: PocketBase,
  id: string,
  fields: { formula: Formula; weights: { segments: Record<string, number>; revenue: number } },
): Promise<ScoringRecord> {
  return pb.collection('scoring').update<ScoringRecord>(id, fields);
}

export async function listSegmentOptions(pb: PocketBase): Promise<SegmentOption[]> {
  return pb.collection('segments').getFullList<SegmentOption>({ sort: 'name', fields: 'id,name' });
}

/** The votes behind an idea's insights (the sum over its plans), for explaining revenue-weighted votes. */
export const votesOf = (row: Pick<InsightRow, 'plans'>) =>
  Object.values(row.plans ?? {}).reduce((sum, plan) => sum + (Number(plan.votes) || 0), 0);

/** An idea's worth and score, zeros when nothing is known of it yet. */
export async function findInsights(pb: PocketBase, postId: string) {
  // post_insights rows share their idea's id: one lookup by id, and no row (nothing known yet) reads as zeros.
  const row = await pb
    .collection('post_insights')
    .getOne(postId, { fields: 'revenue,company_count,plans,score' })
    .catch(() => null);
  return worthOf(row);
}

/** The worth and score of a post_insights row already read (zeros for none). */
function worthOf(row: Partial<InsightRow> | null) {
  return {
    revenue: Number(row?.revenue ?? 0),
    company_count: Number(row?.company_count ?? 0),
    plans: (row?.plans ?? {}) as InsightRow['plans'],
    score: Number(row?.score ?? 0),
  };
}

/** Ideas ranked by what they are worth (revenue) or their score; `filter` speaks of the idea as `post.*`. */
export async function rankIdeasByWorth(
  pb: PocketBase,
  query: { filter: string; by: 'revenue' | 'score'; limit: number; expand: string },
) {
  const page = await pb.collection('post_insights').getList(1, query.limit, {
    filter: query.filter,
    sort: `-${query.by},-post.vote_count`,
    expand: query.expand,
    fields: 'revenue,score,expand.post',
  });
  return page.items.map((row) => ({
    post: (row.expand as { post: RecordModel }).post,
    revenue: Number(row.revenue ?? 0),
    score: Number(row.score ?? 0),
  }));
}

/** An idea's worth and its voters' companies (staff only): two reads in parallel, or one when the caller already
 * has the idea's post_insights row (`known`: the idea page's expand of it), and none when that row counts no
 * company: the list would be empty, and PocketBase slows an address's empty filtered lists (after three in three
 * seconds on a collection, up to 500 ms each), which a staff member opening idea after idea met on every one.
 * The row is the worth the page shows beside the list, so the two always agree. */
export async function loadIdeaWorth(
  pb: PocketBase,
  postId: string,
  known: InsightRow | null = null,
): Promise<IdeaWorth> {
  const worth = known ? worthOf(known) : null;
  const [insights, companies] = await Promise.all([
    worth ?? findInsights(pb, postId),
    worth?.company_count === 0 ? [] : listVoterCompanies(pb, postId),
  ]);
  return { revenue: insights.revenue, company_count: insights.company_count, plans: insights.plans, companies };
}
