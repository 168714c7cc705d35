// Staff-only data about an idea's priority: its post_insights row (reach, impact, confidence, effort,
// score, revenue, ETA), the admin's scoring (formula and weights), and the writes staff make (sizing, ETA)
// and admins make (formula, weights). PocketBase's rules keep every one of them staff-only.

import type { PocketBase } from '../../lib/pb/client';
import type { Formula } from './priority-format';

export interface InsightRow {
  id: string;
  reach: number;
  impact: number;
  confidence: number;
  effort: number;
  score: number;
  revenue: number;
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
