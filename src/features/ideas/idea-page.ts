// Everything an idea page shows from PocketBase, in one request (GET /api/chorus/posts/{id}/page,
// pb_hooks/ideas/idea-page.js): the idea as the records API views it, with its expands; the first page of its voters
// and the viewer's own state; the first page of its comments. Three requests paid the member's token, PocketBase's
// middlewares and the idea's view rule three times (half of PocketBase's CPU for a member's idea page). The status
// timeline comes as a back-relation expand of the idea (filtered by its own view rule) rather than as a filtered list
// request: PocketBase throttles repeated empty filtered lists from one address (the Worker), which would slow every
// idea without history. Comments come a page at a time (keyset paging): an idea with thousands costs what one with
// a hundred does. Statuses (the idea's own and the timeline's) are the shell's, which every page loads anyway: each
// expand is more of PocketBase's work. So are the board and its custom fields when a whole audience shares them (the
// member audience's copy, staff): the shell's boards and the fields kept beside them (custom-fields/kept-fields.ts);
// anyone else's come as an expand.

import { VOTERS_PAGE } from '../../contract/voter-pages';
import type { PocketBase } from '../../lib/pb/client';
import { isStaff } from '../../lib/pb/client';
import type { IdeaQuestionsRecord } from '../../lib/pb/pb-types';
import type { PostRecord } from '../../lib/pb/post-types';
import type { BoardRecord, SessionUser } from '../../lib/pb/types';
import { COMMENTS_PAGE, type CommentPage } from '../comments/comments-data';
import { type FieldDefinition, type FieldValues, toDefinitions } from '../custom-fields/custom-fields-data';
import { fieldsOfBoard, keptFields } from '../custom-fields/kept-fields';
import type { InsightRow } from '../priority/priority-data';
import type { Shell } from '../site/site';
import { toVoters, type ViewerOwn, type VoterRow } from '../votes/votes-data';
import { STAFF_EXPAND, type StaffExpand, staffReadsOf } from './staff-reads';
import type { TimelineEvent } from './timeline';

const TIMELINE_EXPAND = 'status_events_via_post.actor';
// The board and its custom fields (the rules leave members the public ones), for a viewer nothing is kept for.
const BOARD_EXPAND = 'board,board.custom_fields_via_board';

/** What the page takes from the shell every page loads (src/features/site/site.ts). */
export type IdeaShell = Pick<Shell, 'statuses' | 'boards' | 'version' | 'shared'>;

type IdeaRecord = PostRecord & {
  expand?: Omit<NonNullable<PostRecord['expand']>, 'board'> & {
    board?: NonNullable<PostRecord['expand']>['board'] & { expand?: { custom_fields_via_board?: FieldDefinition[] } };
    // A unique back-relation expands to one record (older PocketBase: a list of one).
    post_insights_via_post?: InsightExpand | InsightExpand[];
    status_events_via_post?: TimelineEvent[];
  } & StaffExpand;
};

type InsightExpand = InsightRow & { fields?: FieldValues | null };

const byCreated = (a: { created: string; id: string }, b: { created: string; id: string }) =>
  a.created.localeCompare(b.created) || a.id.localeCompare(b.id);

/** The timeline's events with their from and to statuses filled in from `statuses`, oldest first. */
function timelineOf(events: TimelineEvent[] | undefined, statuses: Shell['statuses']): TimelineEvent[] {
  const byId = new Map(statuses.map((status) => [status.id, status]));
  return [...(events ?? [])].sort(byCreated).map((event) => {
    const from = byId.get(event.from);
    const to = byId.get(event.to);
    return { ...event, expand: { ...event.expand, ...(from && { from }), ...(to && { to }) } };
  });
}

/** The page's one request's answer (pb_hooks/ideas/idea-page.js). `mine` is null for a visitor. */
interface IdeaPageAnswer {
  idea: IdeaRecord;
  voters: { items: VoterRow[] };
  mine: ViewerOwn | null;
  comments: CommentPage;
}

/** The idea with `expand`, its first `voters` voters and the caller's own state, its first `comments` comments. */
function readIdeaPage(pb: PocketBase, id: string, query: { expand: string; comments: number; voters: number }) {
  return pb.send<IdeaPageAnswer>(`/api/chorus/posts/${encodeURIComponent(id)}/page`, { query });
}

/**
 * The viewer's own follow and vote come with the voters: each read by (post, user) on its unique index, so exact on
 * an idea with any number of votes and followers (the back-relation expands they replace read at most 1,000 rows in
 * no set order, and missed the viewer's own on a popular idea). So does the newest question staff sent a member
 * about the idea that they have not answered: the page offers it (AskVoters.astro) without a request of its own.
 * Staff's own vote is left to the browser.
 * `shell` is the page's (every page already loads it): its statuses, and its boards and the custom fields kept
 * beside them when a whole audience shares them. `commentLimit`: how many comments to show from the first (the
 * page's "Show more comments" link asks for more without JavaScript).
 */
export async function loadIdeaPage(
  pb: PocketBase,
  id: string,
  shell: IdeaShell,
  viewer: SessionUser | null = null,
  commentLimit = COMMENTS_PAGE,
) {
  const { statuses } = shell;
  const staff = viewer !== null && isStaff(viewer);
  const askable = viewer && !staff && !viewer.blocked;
  // A whole audience's fields, kept beside its boards (null: the board and its fields come with the idea).
  const keptFieldRows = shell.shared ? keptFields(pb, shell.shared, shell.version) : null;
  const expand = [
    TIMELINE_EXPAND,
    ...(keptFieldRows ? [] : [BOARD_EXPAND]),
    // Staff also get the idea's staff-only custom field values (post_insights: staff only by its rules).
    // And what the staff tools show of the idea (staff-reads.ts): no filtered list of their own.
    ...(staff ? ['post_insights_via_post', STAFF_EXPAND] : []),
  ].join(',');
  const [page, sharedFields] = await Promise.all([
    readIdeaPage(pb, id, { expand, comments: commentLimit, voters: VOTERS_PAGE }),
    keptFieldRows,
  ]);
  const { idea, mine, comments: commentPage } = page;
  const voters = toVoters(pb, page.voters.items);
  if (sharedFields) {
    // An archived board is not among the shell's: read on its own (rare).
    const board = shell.boards.find((b) => b.id === idea.board) ?? (await readBoard(pb, idea.board));
    if (board) idea.expand = { ...idea.expand, board };
  }
  // Comments after the newest one the page knew came since it was made (a late island asks for them).
  const { items: comments, next: commentsNext } = commentPage;
  const commentsSince = commentPage.newest ?? '';
  const events = timelineOf(idea.expand?.status_events_via_post, statuses);
  const status = statuses.find((s) => s.id === idea.status);
  // What the page reads of the idea's status (closed or not), as the expand gave it.
  if (status) idea.expand = { ...idea.expand, status };
  const openQuestion: IdeaQuestionsRecord | null = askable ? (mine?.question ?? null) : null;
  const viewerState = {
    /** The viewer's follow id, null when none (or signed out). */
    subscriptionId: viewer ? (mine?.subscription ?? null) : null,
    /** The viewer's vote id, null when none; undefined when the page leaves it to the browser (staff). */
    voteId: viewer && !staff ? (mine?.vote ?? null) : undefined,
  };
  // Staff's: the idea's whole post_insights row (the staff tools show its worth and priority from it).
  const insights = [idea.expand?.post_insights_via_post].flat()[0] ?? null;
  const fields = {
    definitions: sharedFields
      ? fieldsOfBoard(sharedFields, idea.board)
      : toDefinitions(idea.expand?.board?.expand?.custom_fields_via_board),
    values: idea.fields ?? {},
    staffValues: insights?.fields ?? {},
  };
  return {
    post: idea as PostRecord,
    voters,
    statuses,
    comments,
    commentsNext,
    commentsSince,
    events,
    viewerState,
    fields,
    /** Staff only: the idea's post_insights row (what it is worth, its sizing and score), null when none came. */
    insights: insights as InsightRow | null,
    /** Staff only (null for anyone else): the staff tools' tags, tracker links, questions and answers. */
    staffReads: staff ? staffReadsOf(idea.expand) : null,
    /** The newest question about the idea staff sent the viewer (a member) that they have not answered, or null. */
    openQuestion,
  };
}

/** A board the shell does not list (archived), or null when it cannot be read. */
function readBoard(pb: PocketBase, id: string): Promise<BoardRecord | null> {
  return id
    ? pb
        .collection('boards')
        .getOne<BoardRecord>(id)
        .catch(() => null)
    : Promise.resolve(null);
}
