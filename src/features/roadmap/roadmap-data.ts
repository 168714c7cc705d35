// The public roadmap: the statuses marked on_roadmap and the visible, unmerged ideas in them.
import type { PocketBase } from '../../lib/pb/client';
import type { PostRecordLite } from '../../lib/pb/staff-types';
import type { StatusRecord } from '../../lib/pb/types';

export interface RoadmapColumn {
  id: string;
  name: string;
  slug: string;
}

export interface RoadmapCard {
  id: string;
  title: string;
  status: string;
  board: string;
  votes: number;
  /** The idea's public ETA ("2027-03", "2027-Q2") or ''. */
  eta: string;
}

export interface Roadmap {
  columns: RoadmapColumn[];
  cards: RoadmapCard[];
}

export function toRoadmapCard(
  post: Pick<PostRecordLite, 'id' | 'title' | 'status' | 'board' | 'vote_count' | 'eta'>,
): RoadmapCard {
  return {
    id: post.id,
    title: post.title,
    status: post.status,
    board: post.board,
    votes: post.vote_count ?? 0,
    eta: post.eta ?? '',
  };
}

/**
 * Columns in their order and up to 300 cards (for staff, optionally only those a segment voted for) (most voted first); the API rules hide what the caller may not
 * see. Pass every status when the caller has them (the page's shell), sorted by position and name.
 */
export async function loadRoadmap(pb: PocketBase, allStatuses?: StatusRecord[], segment = ''): Promise<Roadmap> {
  // Staff only (features/segments/segment-view.ts): the ideas a member of the segment voted for.
  const bySegment = segment ? ' && votes_via_post.user.segment_members_via_user.segment ?= {:segment}' : '';
  const [statuses, posts] = await Promise.all([
    allStatuses
      ? allStatuses.filter((s) => s.on_roadmap)
      : pb.collection('statuses').getFullList<StatusRecord>({ filter: 'on_roadmap = true', sort: 'position,name' }),
    pb.collection('posts').getList<PostRecordLite>(1, 300, {
      filter: pb.filter(
        `status.on_roadmap = true && merged_into = "" && approved = true && board.archived = false${bySegment}`,
        { segment },
      ),
      sort: '-vote_count,-created',
      fields: 'id,title,status,board,vote_count,eta',
      skipTotal: true,
    }),
  ]);
  return {
    columns: statuses.map((s) => ({ id: s.id, name: s.name, slug: s.slug })),
    cards: posts.items.map(toRoadmapCard),
  };
}
