// Staff lists by what an idea is worth: a page of ideas ordered by post_insights' score or revenue (server-
// maintained and indexed by board), and the numbers a staff card shows. post_insights is staff-only, and
// PocketBase applies posts' list rule to the join this filter makes, so a staff member sees the ideas they may
// see, nobody else anything. Only loadList calls this, and only for staff.

import type { PocketBase } from '../../lib/pb/client';
import { ideaListFilter } from '../../lib/pb/idea-list-filter';
import type { PostRecord } from '../../lib/pb/post-types';
import { PER_PAGE } from '../../lib/pb/post-types';
import type { StaffSortName } from '../ideas/list-query';
import type { PostPage, PostQuery } from '../ideas/posts-data';

export interface PostInsight {
  score: number;
  revenue: number;
}
export type InsightsById = Record<string, PostInsight>;

interface InsightRecord extends PostInsight {
  id: string;
  expand?: { post?: PostRecord };
}

const ORDERS: Record<StaffSortName, string> = { score: '-score,-created', revenue: '-revenue,-created' };

/** One page of ideas ordered by score or revenue, with their numbers. */
export async function listPostsByInsight(
  pb: PocketBase,
  query: Omit<PostQuery, 'sort'> & { sort: StaffSortName },
): Promise<{ result: PostPage; insights: InsightsById }> {
  const page = Math.max(1, query.page ?? 1);
  const { parts, params } = ideaListFilter(query, 'post.');
  const list = await pb.collection('post_insights').getList<InsightRecord>(page, PER_PAGE, {
    filter: pb.filter(parts.join(' && '), params),
    sort: ORDERS[query.sort],
    expand: 'post',
    fields: 'id,score,revenue,expand.post',
    skipTotal: true,
  });
  const items = list.items.flatMap((row) => (row.expand?.post ? [row.expand.post] : []));
  return {
    result: { items, page: list.page, hasNext: list.items.length === PER_PAGE },
    insights: Object.fromEntries(list.items.map((row) => [row.id, { score: row.score, revenue: row.revenue }])),
  };
}

/** The numbers of the ideas a staff list shows in another order: read by id under post_insights' list rule, as rows
 * (GET /api/chorus/idea-insights, server/cmd/pocketbase/idea_cards.go). */
export async function loadInsights(pb: PocketBase, postIds: string[]): Promise<InsightsById> {
  if (postIds.length === 0) return {};
  const rows = await pb.send<{ items: (PostInsight & { id: string })[] }>('/api/chorus/idea-insights', {
    query: { ids: postIds.join(',') },
  });
  return Object.fromEntries(rows.items.map((row) => [row.id, { score: row.score, revenue: row.revenue }]));
}
