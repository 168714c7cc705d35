// Everything an idea page shows from PocketBase, in one round trip. Comments and the status timeline
// come as back-relation expands of the idea (each still filtered by its own view rule) rather than as
// filtered list requests: PocketBase throttles repeated empty filtered lists from one address (the
// Worker), which would slow every idea without comments or history.
import type { PocketBase } from '../../lib/pb/client';
import { isStaff } from '../../lib/pb/client';
import type { CommentRecord, PostRecord, SubscriptionRecord, VoteRecord } from '../../lib/pb/post-types';
import type { SessionUser, StatusRecord } from '../../lib/pb/types';
import { type FieldDefinition, type FieldValues, toDefinitions } from '../custom-fields/custom-fields-data';
import { listVoters } from '../votes/votes-data';
import type { TimelineEvent } from './timeline';

const EXPAND = [
  'status',
  'tags',
  'board',
  'comments_via_post',
  'status_events_via_post.from',
  'status_events_via_post.to',
  'status_events_via_post.actor',
  // The board's custom fields: the rules leave members the public ones.
  'board.custom_fields_via_board',
].join(',');

type IdeaRecord = PostRecord & {
  expand?: Omit<NonNullable<PostRecord['expand']>, 'board'> & {
    board?: NonNullable<PostRecord['expand']>['board'] & { expand?: { custom_fields_via_board?: FieldDefinition[] } };
    // A unique back-relation expands to one record (older PocketBase: a list of one).
    post_insights_via_post?: { fields?: FieldValues | null } | { fields?: FieldValues | null }[];
    comments_via_post?: CommentRecord[];
    status_events_via_post?: TimelineEvent[];
    subscriptions_via_post?: SubscriptionRecord[];
    votes_via_post?: VoteRecord[];
  };
};

const byCreated = (a: { created: string; id: string }, b: { created: string; id: string }) =>
  a.created.localeCompare(b.created) || a.id.localeCompare(b.id);

/**
 * The viewer's own follow and vote come as expands too: the subscriptions rule shows members only their
 * own, and so does the votes rule for members (staff see every vote, so theirs is left to the browser).
 * `statuses` are the shell's (every page already loads them).
 */
export async function loadIdeaPage(
  pb: PocketBase,
  id: string,
  statuses: StatusRecord[],
  viewer: SessionUser | null = null,
) {
  // Staff also get the idea's staff-only custom field values (post_insights: staff only by its rules).
  const own = viewer
    ? isStaff(viewer)
      ? ',subscriptions_via_post,post_insights_via_post'
      : ',subscriptions_via_post,votes_via_post'
    : '';
  const [idea, voters] = await Promise.all([
    pb.collection('posts').getOne<IdeaRecord>(id, { expand: EXPAND + own }),
    listVoters(pb, id).catch(() => []),
  ]);
  const comments = [...(idea.expand?.comments_via_post ?? [])].sort(byCreated);
  const events = [...(idea.expand?.status_events_via_post ?? [])].sort(byCreated);
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
  return { post: idea as PostRecord, voters, statuses, comments, events, viewerState, fields };
}
