// What a list page needs, fetched in parallel: the ideas and the tags to filter by (the statuses come
// from the page's shell, which already loaded them). Staff also get each idea's score and revenue, and may
// order by them (features/priority/staff-lists.ts); readListState never gives anyone else those orders.
import { isStaff } from '../../lib/access';
import type { PocketBase } from '../../lib/pb/client';
import type { TagRecord } from '../../lib/pb/post-types';
import type { SessionUser, StatusRecord } from '../../lib/pb/types';
import { type FieldDefinition, fieldFilter, listBoardFields } from '../custom-fields/custom-fields-data';
import { fieldsOfBoard, keptFields } from '../custom-fields/kept-fields';
import { type InsightsById, listPostsByInsight, loadInsights } from '../priority/staff-lists';
import { loadSegmentChoices, loadSegmentView, type SegmentView, segmentFor } from '../segments/segment-view';
import type { Shell } from '../site/site';
import { isStaffSort, type ListState } from './list-query';
import { listPosts, type PostPage } from './posts-data';
import { listTagsSeenBy } from './taxonomy';

export interface ListData {
  result: PostPage;
  statuses: StatusRecord[];
  tags: TagRecord[];
  /** Staff only: each shown idea's score and revenue. */
  insights: InsightsById | null;
  /** Staff only: the segment filter's choices and the shown ideas' votes from it (null for anyone else). */
  segmentView: SegmentView | null;
  /** A board's public single-choice custom fields, offered as list filters (none off a board). */
  fieldChoices: FieldDefinition[];
}

const EMPTY: PostPage = { items: [], page: 1, hasNext: false };

/** Board `boardId`'s public fields in their order: from the fields kept for the page's whole audience, else read. */
async function publicFieldsOf(
  pb: PocketBase,
  boardId: string,
  shared: Shell['shared'],
  version: string | null,
): Promise<FieldDefinition[]> {
  if (!shared) return listBoardFields(pb, boardId, true).catch(() => []);
  const rows = await keptFields(pb, shared, version).catch(() => []);
  return fieldsOfBoard(rows, boardId).filter((field) => field.public);
}

export async function loadList(
  pb: PocketBase,
  state: ListState,
  user: SessionUser | null,
  { statuses, version, shared = null }: Pick<Shell, 'statuses' | 'version'> & Partial<Pick<Shell, 'shared'>>,
  boardId?: string,
): Promise<ListData> {
  const personal = state.mine || state.voted;
  const staff = isStaff(user);
  const segment = segmentFor(user, state.segment);
  // A board's public fields are read beside the list (its filters offer them), or picked from what the isolate keeps
  // for a whole audience (src/features/custom-fields/kept-fields.ts); filtering by one waits for them first, so that
  // only a defined option becomes a condition.
  const definitions = boardId ? publicFieldsOf(pb, boardId, shared, version) : Promise.resolve([]);
  const fields = Object.keys(state.fields).length > 0 ? fieldFilter(await definitions, state.fields) : undefined;
  const query = {
    ...(boardId ? { board: boardId } : {}),
    status: state.status,
    tag: state.tag,
    ...(user && state.mine ? { mine: user.id } : {}),
    ...(user && state.voted ? { voted: user.id } : {}),
    q: state.q,
    page: state.page,
    staff,
    ...(segment ? { segment } : {}),
    ...(fields ? { fieldFilter: fields } : {}),
  };
  const byInsight = staff && isStaffSort(state.sort) && !state.q ? state.sort : null;
  const [found, tags, choices] = await Promise.all([
    personal && !user
      ? { result: EMPTY, insights: null }
      : byInsight
        ? listPostsByInsight(pb, { ...query, sort: byInsight })
        : listPosts(pb, { ...query, sort: isStaffSort(state.sort) ? 'trending' : state.sort }).then(async (result) => ({
            result,
            // Read apart, not expanded with the ideas: a back-relation expand of post_insights costs PocketBase
            // more than this second request (measured 5.8 ms against 1.9 + 1.2 ms of CPU).
            insights: staff
              ? await loadInsights(
                  pb,
                  result.items.map((p) => p.id),
                )
              : null,
          })),
    listTagsSeenBy(pb, staff, version),
    loadSegmentChoices(pb, user, version),
  ]);
  const fieldChoices = (await definitions).filter((field) => field.type === 'select' && field.options.length > 0);
  const ids = found.result.items.map((post) => post.id);
  const segmentView = await loadSegmentView(pb, choices, segment, ids);
  return { result: found.result, statuses, tags, insights: found.insights, segmentView, fieldChoices };
}
