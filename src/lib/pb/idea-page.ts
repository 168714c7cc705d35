// Everything an idea page shows from PocketBase, in one round trip. Comments and the status timeline
// come as back-relation expands of the idea (each still filtered by its own view rule) rather than as
// filtered list requests: PocketBase throttles repeated empty filtered lists from one address (the
// Worker), which would slow every idea without comments or history.
import type { PocketBase } from './client';
import type { CommentRecord, PostRecord } from './post-types';
import { listStatuses } from './taxonomy';
import type { TimelineEvent } from './timeline';
import { listVoters } from './votes';

const EXPAND = [
  'author',
  'status',
  'tags',
  'board',
  'comments_via_post.author',
  'status_events_via_post.from',
  'status_events_via_post.to',
  'status_events_via_post.actor',
].join(',');

type IdeaRecord = PostRecord & {
  expand?: PostRecord['expand'] & { comments_via_post?: CommentRecord[]; status_events_via_post?: TimelineEvent[] };
};

const byCreated = (a: { created: string; id: string }, b: { created: string; id: string }) =>
  a.created.localeCompare(b.created) || a.id.localeCompare(b.id);

export async function loadIdeaPage(pb: PocketBase, id: string) {
  const [idea, voters, statuses] = await Promise.all([
    pb.collection('posts').getOne<IdeaRecord>(id, { expand: EXPAND }),
    listVoters(pb, id).catch(() => []),
    listStatuses(pb),
  ]);
  const comments = [...(idea.expand?.comments_via_post ?? [])].sort(byCreated);
  const events = [...(idea.expand?.status_events_via_post ?? [])].sort(byCreated);
  return { post: idea as PostRecord, voters, statuses, comments, events };
}
