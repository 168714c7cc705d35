// Ideas: lists with sort, filters and ranked search; one idea; create and edit.
import type { PocketBase } from '../../lib/pb/client';
import { type IdeaListFilters, ideaListFilter } from '../../lib/pb/idea-list-filter';
import { type IdeaCard, PER_PAGE, type PostRecord } from '../../lib/pb/post-types';

export const SORTS = {
  trending: '-pinned,-trending_score,-created',
  top: '-vote_count,-created',
  new: '-created',
  discussed: '-comment_count,-created',
} as const;
export type Sort = keyof typeof SORTS;
/** What search results show besides the idea: its status (the live search box's pill). Cards take their
 * author from the idea itself. */
const SEARCH_EXPAND = 'status';

export interface PostQuery extends IdeaListFilters {
  sort?: Sort;
  q?: string;
  page?: number;
}

/**
 * One page of ideas. Lists never count their matches (a count is a second query over every matching idea,
 * on every page view, growing with the board): a full page says there may be a next one, as on Hacker
 * News. Only a search, which ranks its matches anyway, knows how many there are.
 */
export interface PostPage<Item extends IdeaCard = IdeaCard> {
  items: Item[];
  page: number;
  hasNext: boolean;
  /** How many ideas match: searches only, counted up to 1,000. */
  totalItems?: number;
  /** More ideas match than `totalItems` says. */
  totalCapped?: boolean;
}

export async function listPosts(pb: PocketBase, query: PostQuery): Promise<PostPage> {
  const page = Math.max(1, query.page ?? 1);
  if (query.q?.trim()) return searchPosts(pb, query.q, { board: query.board ?? '', page });
  const { parts, params } = ideaListFilter(query, '');
  // The cards of the ideas the posts' list rule shows the caller (server/cmd/pocketbase/idea_cards.go): the records
  // API's list, filtered and sorted alike, with only what a card shows (no expand: its author is on the idea,
  // cardAuthor; its status among the statuses the page has), read as rows rather than built as records.
  const list = await pb.send<{ items: IdeaCard[]; page: number }>('/api/chorus/idea-cards', {
    query: {
      filter: pb.filter(parts.join(' && '), params),
      sort: SORTS[query.sort ?? 'trending'],
      page,
      perPage: PER_PAGE,
    },
  });
  return { items: list.items, page: list.page, hasNext: list.items.length === PER_PAGE };
}

/** Ranked full-text search (pb_hooks/ideas/search.pb.js): best first, prefix matches. */
export async function searchPosts(
  pb: PocketBase,
  q: string,
  {
    board = '',
    page = 1,
    perPage = PER_PAGE,
    expand = SEARCH_EXPAND,
  }: { board?: string; page?: number; perPage?: number; expand?: string } = {},
): Promise<PostPage<PostRecord>> {
  const result = await pb.send<{
    items: PostRecord[];
    page: number;
    totalPages: number;
    totalItems: number;
    totalCapped?: boolean;
  }>('/api/chorus/search', { query: { q, board, page, perPage, expand } });
  return {
    items: result.items,
    page: result.page,
    hasNext: result.page < result.totalPages,
    totalItems: result.totalItems,
    totalCapped: Boolean(result.totalCapped),
  };
}

/** One idea with its status (the edit page needs to know whether it is closed). */
export function getPost(pb: PocketBase, id: string): Promise<PostRecord> {
  return pb.collection('posts').getOne<PostRecord>(id, { expand: 'status' });
}

export function createPost(
  pb: PocketBase,
  fields: { board: string; author: string; title: string; body: string; images: File[]; fields?: object },
): Promise<PostRecord> {
  const form = new FormData();
  if (fields.fields && Object.keys(fields.fields).length > 0) form.set('fields', JSON.stringify(fields.fields));
  form.set('board', fields.board);
  form.set('author', fields.author);
  form.set('title', fields.title);
  form.set('body', fields.body);
  for (const file of fields.images) form.append('images', file);
  return pb.collection('posts').create<PostRecord>(form);
}

export function updatePost(pb: PocketBase, id: string, fields: { title: string; body: string }): Promise<PostRecord> {
  return pb.collection('posts').update<PostRecord>(id, fields);
}

/** Which relations and fields a read of ideas brings (a caller's own view of an idea, e.g. the MCP's). */
export interface IdeaShape {
  expand: string;
  fields: string;
}

export function readIdea(pb: PocketBase, id: string, shape: IdeaShape) {
  return pb.collection('posts').getOne(id, shape);
}

/** One page of ideas by a raw filter and sort, in the given shape. */
export async function findIdeas(
  pb: PocketBase,
  query: { filter: string; sort: string; limit: number; shape: IdeaShape },
) {
  const page = await pb
    .collection('posts')
    .getList(1, query.limit, { filter: query.filter, sort: query.sort, ...query.shape });
  return page.items;
}

/** Moves an idea to a status, with an official response when one is given (voters are told as for any change). */
export function setIdeaStatus(pb: PocketBase, id: string, status: string, response?: string) {
  return pb
    .collection('posts')
    .update(id, { status, ...(response ? { response } : {}) }, { fields: 'id,status,response' });
}

/** Adds or removes tags on an idea; returns the names it now has. */
export async function changeIdeaTags(pb: PocketBase, id: string, tagIds: string[], remove: boolean) {
  const post = await pb
    .collection('posts')
    .update(id, { [remove ? 'tags-' : 'tags+']: tagIds }, { expand: 'tags', fields: 'id,expand.tags.name' });
  return ((post.expand as { tags?: { name: string }[] } | undefined)?.tags ?? []).map((tag) => tag.name);
}
