// What a list page needs, fetched in parallel: the ideas and the tags to filter by (the statuses come
// from the page's shell, which already loaded them).
import { isStaff } from '../access';
import type { ListState } from '../list-query';
import type { PocketBase } from './client';
import { fieldFilter, listBoardFields } from './custom-fields';
import type { TagRecord } from './post-types';
import { listPosts, type PostPage } from './posts';
import { listTags } from './taxonomy';
import type { SessionUser, StatusRecord } from './types';

export interface ListData {
  result: PostPage;
  statuses: StatusRecord[];
  tags: TagRecord[];
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
  // Filtering by a custom field asks for the board's definitions first (only then: one more round trip).
  const fields =
    boardId && Object.keys(state.fields).length > 0
      ? fieldFilter(await listBoardFields(pb, boardId, true), state.fields)
      : undefined;
  const [result, tags] = await Promise.all([
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
          ...(fields ? { fieldFilter: fields } : {}),
        }),
    listTags(pb),
  ]);
  return { result, statuses, tags };
}
