// The world the help-desk sources' tests (Intercom, Zendesk: their webhooks and their inbox apps) start from: a real
// PocketBase pointed at the desk's stand-in, Sam a staff lead, Dana a member, a public board with an idea; for the
// apps also Kim (a member, not staff) and an idea Dana already wants; and the feedback items one conversation left.
import type PocketBase from 'pocketbase';
import type { RecordModel } from 'pocketbase';
import { startTestPocketBase, type TestPocketBase } from './pocketbase';
import { createBoard, createPost } from './world';

export interface DeskWorld {
  pb: TestPocketBase;
  /** Sam Support, a moderator: the desk's agent who is Chorus staff. */
  lead: PocketBase;
  staff: RecordModel;
  /** Dana Scully, dana@globex.test, a member of the board. */
  dana: RecordModel;
  board: RecordModel;
  csvIdea: RecordModel;
}
export interface DeskAppWorld extends DeskWorld {
  /** An idea Dana has voted for. */
  darkIdea: RecordModel;
}

/** A PocketBase at feedback.example.com with `env` (the desk's API address), Sam by `staffEmail`, Dana, the CSV idea;
 * with `dev`, PocketBase prints every SQL statement it runs (tests count what one answer reads). */
export async function startDeskWorld(
  env: Record<string, string>,
  staffEmail = 'sam@acme.test',
  dev = false,
): Promise<DeskWorld> {
  const pb = await startTestPocketBase({ appUrl: 'https://feedback.example.com', env, dev });
  const lead = await pb.actor('moderator', { email: staffEmail, name: 'Sam Support' });
  const dana = await pb.actor('member', { email: 'dana@globex.test', name: 'Dana Scully' });
  const board = await createBoard(pb, 'public');
  const csvIdea = await createPost(pb, board, lead, { title: 'Export votes to a CSV spreadsheet' });
  const records = { staff: lead.authStore.record as RecordModel, dana: dana.authStore.record as RecordModel };
  return { pb, lead, ...records, board, csvIdea };
}

/** The desk world an inbox app opens on: also Kim (kim@acme.test, a member, not staff) and Dana's dark mode idea. */
export async function startDeskAppWorld(
  env: Record<string, string>,
  staffEmail?: string,
  dev = false,
): Promise<DeskAppWorld> {
  const world = await startDeskWorld(env, staffEmail, dev);
  await world.pb.actor('member', { email: 'kim@acme.test', name: 'Kim Keen' });
  const darkIdea = await createPost(world.pb, world.board, world.lead, { title: 'Dark mode for the widget' });
  await world.pb.admin.collection('votes').create({ post: darkIdea.id, user: world.dana.id });
  return { ...world, darkIdea };
}

/** The feedback items `source` captured from one conversation or ticket (external ids `<id>:<message>`). */
export function feedbackItemsOf(pb: TestPocketBase, source: string, conversation: string | number) {
  return pb.admin.collection('feedback_items').getFullList({
    filter: pb.admin.filter('source = {:source} && external_id ~ {:id}', { source, id: `${conversation}:` }),
  });
}
