// Everything an idea page shows from PocketBase, in one round trip of parallel requests. The status timeline
// comes as a back-relation expand of the idea (filtered by its own view rule) rather than as a filtered list
// request: PocketBase throttles repeated empty filtered lists from one address (the Worker), which would slow
// every idea without history. Comments come a page at a time from Chorus's own route (no filter, so never
// throttled): an idea with thousands costs what one with a hundred does. Statuses (the idea's own and the
// timeline's) are the shell's, which every page loads anyway: each expand is more of PocketBase's work. So are the
// board and its custom fields when a whole audience shares them (the member audience's copy, staff): the shell's
// boards and the fields kept beside them (custom-fields/kept-fields.ts); anyone else's come as an expand.
import type { PocketBase } from '../../lib/pb/client';
import { isStaff } from '../../lib/pb/client';
import type { IdeaQuestionsRecord } from '../../lib/pb/pb-types';
import type { PostRecord, Voter } from '../../lib/pb/post-types';
import type { BoardRecord, SessionUser } from '../../lib/pb/types';
import { COMMENTS_PAGE, listCommentPage } from '../comments/comments-data';
import { type FieldDefinition, type FieldValues, toDefinitions } from '../custom-fields/custom-fields-data';
import { fieldsOfBoard, keptFields } from '../custom-fields/kept-fields';
import type { InsightRow } from '../priority/priority-data';
import type { Shell } from '../site/site';
import { listVoters, listVotersAndMine, type ViewerOwn } from '../votes/votes-data';
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

/**
 * The viewer's own follow and vote come with the voters, in the request the page makes for them anyway: each
 * read by (post, user) on its unique index, so exact on an idea with any number of votes and followers (the
 * back-relation expands they replace read at most 1,000 rows in no set order, and missed the viewer's own on a
 * popular idea). So does the newest question staff sent a member about the idea that they have not answered:
 * the page offers it (AskVoters.astro) without a request of its own. Staff's own vote is left to the browser,
 * as before. When that request fails the page shows the voters as none and leaves the viewer's state unknown
 * (undefined): the islands read it themselves, rather than show a member as not having voted.
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
  // No voters, and the viewer's own state unknown (`mine` undefined): what a failed voters request leaves.
  const unknown: { voters: Voter[]; mine?: ViewerOwn | null } = { voters: [] };
  // A whole audience's fields, kept beside its boards (null: the board and its fields come with the idea).
  const keptFieldRows = shell.shared ? keptFields(pb, shell.shared, shell.version) : null;
  const expand = [
    TIMELINE_EXPAND,
    ...(keptFieldRows ? [] : [BOARD_EXPAND]),
    // Staff also get the idea's staff-only custom field values (post_insights: staff only by its rules).
    // And what the staff tools show of the idea (staff-reads.ts): no filtered list of their own.
    ...(staff ? ['post_insights_via_post', STAFF_EXPAND] : []),
  ].join(',');
  const [idea, { voters, mine }, commentPage, sharedFields] = await Promise.all([
    pb.collection('posts').getOne<IdeaRecord>(id, { expand }),
    viewer
      ? listVotersAndMine(pb, id).catch(() => unknown)
      : listVoters(pb, id).then(
          (list) => ({ voters: list, mine: null }),
          () => unknown,
        ),
    listCommentPage(pb, id, { limit: commentLimit }),
    keptFieldRows,
  ]);
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
    /** The viewer's follow id, null when none (or signed out); undefined when the page could not read it. */
    subscriptionId: viewer ? (mine === undefined ? undefined : (mine?.subscription ?? null)) : null,
    /** The viewer's vote id, null when none; undefined when the page cannot know (staff, or the read failed). */
    voteId: viewer && !staff && mine !== undefined ? (mine?.vote ?? null) : undefined,
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
