// Everything an idea page shows from PocketBase, in one round trip of parallel requests. The status timeline
// comes as a back-relation expand of the idea (filtered by its own view rule) rather than as a filtered list
// request: PocketBase throttles repeated empty filtered lists from one address (the Worker), which would slow
// every idea without history. Comments come a page at a time from Chorus's own route (no filter, so never
// throttled): an idea with thousands costs what one with a hundred does. Statuses (the idea's own and the
// timeline's) are the shell's, which every page loads anyway: each expand is more of PocketBase's work.
import type { PocketBase } from '../../lib/pb/client';
import { isStaff } from '../../lib/pb/client';
import type { IdeaQuestionsRecord } from '../../lib/pb/pb-types';
import type { PostRecord, SubscriptionRecord, VoteRecord } from '../../lib/pb/post-types';
import type { SessionUser, StatusRecord } from '../../lib/pb/types';
import { COMMENTS_PAGE, listCommentPage } from '../comments/comments-data';
import { type FieldDefinition, type FieldValues, toDefinitions } from '../custom-fields/custom-fields-data';
import { listVoters } from '../votes/votes-data';
import type { TimelineEvent } from './timeline';

const EXPAND = [
  'board',
  'status_events_via_post.actor',
  // The board's custom fields: the rules leave members the public ones.
  'board.custom_fields_via_board',
].join(',');

type IdeaRecord = PostRecord & {
  expand?: Omit<NonNullable<PostRecord['expand']>, 'board'> & {
    board?: NonNullable<PostRecord['expand']>['board'] & { expand?: { custom_fields_via_board?: FieldDefinition[] } };
    // A unique back-relation expands to one record (older PocketBase: a list of one).
    post_insights_via_post?: { fields?: FieldValues | null } | { fields?: FieldValues | null }[];
    status_events_via_post?: TimelineEvent[];
    subscriptions_via_post?: SubscriptionRecord[];
    votes_via_post?: VoteRecord[];
    idea_questions_via_post?: (IdeaQuestionsRecord & { expand?: { idea_answers_via_question?: unknown[] } })[];
  };
};

const byCreated = (a: { created: string; id: string }, b: { created: string; id: string }) =>
  a.created.localeCompare(b.created) || a.id.localeCompare(b.id);

/** The timeline's events with their from and to statuses filled in from `statuses`, oldest first. */
function timelineOf(events: TimelineEvent[] | undefined, statuses: StatusRecord[]): TimelineEvent[] {
  const byId = new Map(statuses.map((status) => [status.id, status]));
  return [...(events ?? [])].sort(byCreated).map((event) => {
    const from = byId.get(event.from);
    const to = byId.get(event.to);
    return { ...event, expand: { ...event.expand, ...(from && { from }), ...(to && { to }) } };
  });
}

/** The newest of a member's questions (each expanded with their own answers) they have not answered, or null. */
function newestUnanswered(
  questions: NonNullable<IdeaRecord['expand']>['idea_questions_via_post'],
): IdeaQuestionsRecord | null {
  const open = (questions ?? []).filter((q) => (q.expand?.idea_answers_via_question ?? []).length === 0);
  const newest = open.sort(byCreated).at(-1);
  if (!newest) return null;
  const { expand: _answers, ...question } = newest;
  return question;
}

/**
 * The viewer's own follow and vote come as expands too: the subscriptions rule shows members only their
 * own, and so does the votes rule for members (staff see every vote, so theirs is left to the browser). So do
 * the questions staff sent a member about the idea, each with the member's own answer if any (the rules of
 * idea_questions and idea_answers show a member only those sent to them and their own): the page offers the
 * newest unanswered one (AskVoters.astro) without a request of its own.
 * `statuses` are the shell's (every page already loads them). `commentLimit`: how many comments to show from
 * the first (the page's "Show more comments" link asks for more without JavaScript).
 */
export async function loadIdeaPage(
  pb: PocketBase,
  id: string,
  statuses: StatusRecord[],
  viewer: SessionUser | null = null,
  commentLimit = COMMENTS_PAGE,
) {
  // Staff also get the idea's staff-only custom field values (post_insights: staff only by its rules).
  const askable = viewer && !isStaff(viewer) && !viewer.blocked;
  const own = viewer
    ? isStaff(viewer)
      ? ',subscriptions_via_post,post_insights_via_post'
      : `,subscriptions_via_post,votes_via_post${askable ? ',idea_questions_via_post.idea_answers_via_question' : ''}`
    : '';
  const [idea, voters, commentPage] = await Promise.all([
    pb.collection('posts').getOne<IdeaRecord>(id, { expand: EXPAND + own }),
    listVoters(pb, id).catch(() => []),
    listCommentPage(pb, id, { limit: commentLimit }),
  ]);
  // Comments after the newest one the page knew came since it was made (a late island asks for them).
  const { items: comments, next: commentsNext } = commentPage;
  const commentsSince = commentPage.newest ?? '';
  const events = timelineOf(idea.expand?.status_events_via_post, statuses);
  const status = statuses.find((s) => s.id === idea.status);
  // What the page reads of the idea's status (closed or not), as the expand gave it.
  if (status) idea.expand = { ...idea.expand, status };
  const openQuestion = askable ? newestUnanswered(idea.expand?.idea_questions_via_post) : null;
  const mine = <T extends { user: string }>(list: T[] | undefined) => list?.find((r) => r.user === viewer?.id);
  const viewerState = {
    subscriptionId: viewer ? (mine(idea.expand?.subscriptions_via_post)?.id ?? null) : null,
    /** The viewer's vote id, null when none; undefined when the page cannot know (staff). */
    voteId: viewer && !isStaff(viewer) ? (mine(idea.expand?.votes_via_post)?.id ?? null) : undefined,
  };
  const fields = {
    definitions: toDefinitions(idea.expand?.board?.expand?.custom_fields_via_board),
    values: idea.fields ?? {},
    staffValues: [idea.expand?.post_insights_via_post].flat()[0]?.fields ?? {},
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
    /** The newest question about the idea staff sent the viewer (a member) that they have not answered, or null. */
    openQuestion,
  };
}
