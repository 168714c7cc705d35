// What a list page needs, fetched in parallel: the ideas and the tags to filter by (the statuses come
// from the page's shell, which already loaded them).
import { isStaff } from '../access';
import type { ListState } from '../list-query';
import type { PocketBase } from './client';
import type { TagRecord } from './post-types';
import { listPosts, type PostPage } from './posts';
import { loadSegmentChoices, loadSegmentView, type SegmentView, segmentFor } from './segment-view';
import { listTags } from './taxonomy';
import type { SessionUser, StatusRecord } from './types';

export interface ListData {
  result: PostPage;
  statuses: StatusRecord[];
  tags: TagRecord[];
  /** Staff only: the segment filter's choices and the shown ideas' votes from it (null for anyone else). */
  segmentView: SegmentView | null;
}

const EMPTY: PostPage = { items: [], page: 1, hasNext: false };

export async function loadList(
  pb: PocketBase,
  state: ListState,
  user: SessionUser | null,
  statuses: StatusRecord[],
  boardId?: string,
): Promise<ListData> {
  const personal = state.mine || state.voted;
  const segment = segmentFor(user, state.segment);
  const [result, tags, choices] = await Promise.all([
    personal && !user
      ? EMPTY
      : listPosts(pb, {
          ...(boardId ? { board: boardId } : {}),
          sort: state.sort,
          status: state.status,
          tag: state.tag,
          ...(user && state.mine ? { mine: user.id } : {}),
          ...(user && state.voted ? { voted: user.id } : {}),
          q: state.q,
          page: state.page,
          staff: isStaff(user),
          ...(segment ? { segment } : {}),
        }),
    listTags(pb),
    loadSegmentChoices(pb, user),
  ]);
  const ids = result.items.map((post) => post.id);
  const segmentView = await loadSegmentView(pb, choices, segment, ids);
  return { result, statuses, tags, segmentView };
}
