// The list pages' URL state (sort, filters, search, page) read from and written to query strings,
// so every view is a plain link that works without JavaScript.
import { slugify } from '../../lib/slug';

const SORT_NAMES = ['trending', 'top', 'new', 'discussed'] as const;
/** Orders only staff may ask for (by the staff-only post_insights numbers); ignored for anyone else. */
export const STAFF_SORT_NAMES = ['score', 'revenue'] as const;
export type StaffSortName = (typeof STAFF_SORT_NAMES)[number];
export type SortName = (typeof SORT_NAMES)[number] | StaffSortName;

export interface ListState {
  sort: SortName;
  status: string;
  tag: string;
  mine: boolean;
  voted: boolean;
  q: string;
  page: number;
  /** Staff only: ideas voted for by this segment (an id; ignored for everyone else, see features/ideas/lists.ts). */
  segment: string;
  /** `?field.<key>=<option>`: custom select fields to filter by (checked against the board's definitions
   * by src/features/ideas/lists.ts; keys of the server's shape only, at most 5). */
  fields: Record<string, string>;
}

const FIELD_KEY = /^field\.([a-z][a-z0-9_]{0,39})$/;

function readFieldFilters(params: URLSearchParams): Record<string, string> {
  const fields: Record<string, string> = {};
  for (const [name, value] of params) {
    const key = FIELD_KEY.exec(name)?.[1];
    if (key && value && value.length <= 60 && Object.keys(fields).length < 5) fields[key] = value;
  }
  return fields;
}

export const isStaffSort = (sort: string): sort is StaffSortName =>
  (STAFF_SORT_NAMES as readonly string[]).includes(sort);

/** The list's state from its query string; `staff` readers may also sort by score and revenue. */
export function readListState(params: URLSearchParams, { staff = false } = {}): ListState {
  const sort = params.get('sort') as SortName;
  const page = Number.parseInt(params.get('page') ?? '1', 10);
  const allowed = (SORT_NAMES as readonly string[]).includes(sort) || (staff && isStaffSort(sort));
  return {
    sort: allowed ? sort : 'trending',
    status: (params.get('status') ?? '').slice(0, 40),
    tag: (params.get('tag') ?? '').slice(0, 40),
    mine: params.get('mine') === '1',
    voted: params.get('voted') === '1',
    q: (params.get('q') ?? '').trim().slice(0, 200),
    page: Number.isFinite(page) && page > 0 ? Math.min(page, 1000) : 1,
    segment: /^[a-z0-9]{15}$/.test(params.get('segment') ?? '') ? (params.get('segment') ?? '') : '',
    fields: readFieldFilters(params),
  };
}

/** A link to the same list with some state changed; defaults are left out, changing filters resets the page. */
export function toListHref(basePath: string, state: ListState, change: Partial<ListState> = {}): string {
  const next = { ...state, ...('page' in change ? {} : { page: 1 }), ...change };
  const params = new URLSearchParams();
  if (next.q) params.set('q', next.q);
  if (next.sort !== 'trending') params.set('sort', next.sort);
  if (next.status) params.set('status', next.status);
  if (next.tag) params.set('tag', next.tag);
  if (next.mine) params.set('mine', '1');
  if (next.voted) params.set('voted', '1');
  if (next.segment) params.set('segment', next.segment);
  for (const [key, option] of Object.entries(next.fields ?? {})) params.set(`field.${key}`, option);
  if (next.page > 1) params.set('page', String(next.page));
  const query = params.toString();
  return query ? `${basePath}?${query}` : basePath;
}

export const SORT_LABELS: Record<(typeof SORT_NAMES)[number], string> = {
  trending: 'Trending',
  top: 'Top',
  new: 'New',
  discussed: 'Most discussed',
};

/** "/p/<id>-<slug>" style title slug, for friendlier shared links (the id alone is canonical). */
export const toSlug = (title: string): string => slugify(title, 60);

/** The post id from a /p/ path rest: "<id>", "<id>-<slug>" or "<id>/<slug>". */
export function readPostId(rest: string | undefined): string | null {
  const match = /^([a-z0-9]{15})(?:[-/].*)?$/.exec(rest ?? '');
  return match?.[1] ?? null;
}
