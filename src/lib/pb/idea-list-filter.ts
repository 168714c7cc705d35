// The filter of a list of ideas (PocketBase's filter syntax, values bound), written once for the board's lists
// (src/features/ideas/posts-data.ts) and for the staff's lists by score or revenue, which read the ideas through
// post_insights (src/features/priority/staff-lists.ts).

/** What a list of ideas may be narrowed by (the list's URL state, src/features/ideas/list-query.ts). */
export interface IdeaListFilters {
  board?: string;
  status?: string;
  tag?: string;
  /** The signed-in member's id for "my ideas" / "ideas I voted for". */
  mine?: string;
  voted?: string;
  /** The reader acts as staff: a tag filter also matches staff-only tags (post_staff_tags). */
  staff?: boolean;
  /** Staff only: ideas at least one member of this segment voted for. */
  segment?: string;
  /** Custom field conditions with their bound values (src/features/custom-fields/custom-fields-data.ts fieldFilter). */
  fieldFilter?: { expression: string; params: Record<string, string> };
}

type FilterKey = 'board' | 'status' | 'tag' | 'mine' | 'voted' | 'segment';

/**
 * Ideas with a tag, for staff: public tags on the idea, staff-only ones in post_staff_tags. Only for staff:
 * PocketBase adds post_staff_tags' list rule to any query that joins it, which would drop every idea with
 * staff tags from anyone else's results.
 */
const staffTagFilter = (via: '' | 'post.') => `(${via}tags ~ {:tag} || ${via}post_staff_tags_via_post.tags ?~ {:tag})`;
export const STAFF_TAG_FILTER = staffTagFilter('');

/**
 * The filter of a list of ideas, written once for the posts themselves (`via` '') and for rows that name an idea
 * in their `post` field (`via` 'post.': the staff's lists by score or revenue). Tags: a member's list matches the
 * idea's tags; staff's also their own tags (staff lists always match both). `board` is on both collections.
 */
export function ideaListFilter(query: IdeaListFilters, via: '' | 'post.') {
  const parts: string[] = [`${via}merged_into = ""`];
  const params: Record<string, string> = {};
  const staffTags = query.staff || via !== '';
  const conditions: [FilterKey, string][] = [
    ['board', 'board = {:board}'],
    ['status', `${via}status.slug = {:status}`],
    ['tag', staffTags ? staffTagFilter(via) : 'tags ~ {:tag}'],
    ['mine', `${via}author = {:mine}`],
    ['voted', `${via}votes_via_post.user ?= {:voted}`],
    // Staff only (segment_members is staff-only: PocketBase refuses this join to anyone else).
    ['segment', `${via}votes_via_post.user.segment_members_via_user.segment ?= {:segment}`],
  ];
  for (const [key, condition] of conditions) {
    const value = query[key];
    if (typeof value === 'string' && value) {
      parts.push(condition);
      params[key] = value;
    }
  }
  if (query.fieldFilter?.expression) {
    // The custom field conditions (values bound, keys the definitions' own), read through the idea for `via`.
    parts.push(
      via ? query.fieldFilter.expression.replace(/\bfields\./g, `${via}fields.`) : query.fieldFilter.expression,
    );
    Object.assign(params, query.fieldFilter.params);
  }
  return { parts, params };
}
