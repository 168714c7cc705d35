// Reads ideas' live state again, each from its source (see idea-live.ts), when a page must catch up: after a
// gap the edge could not replay, or where no edge serves the page. Rarely needed, so loaded on demand.
import { anyOf } from '../pb/any-of';
import type { PocketBase } from '../pb/client';
import type { IdeaLive, IdeaSource } from './idea-live-data';

/** The live state of some ideas, each from its source, to catch up after a reconnect. */
export async function listIdeaLive(pb: PocketBase, ideas: ReadonlyMap<string, boolean>): Promise<IdeaLive[]> {
  const bySource: Record<IdeaSource, string[]> = { post_live: [], posts: [] };
  for (const [id, isPublic] of ideas) bySource[isPublic ? 'post_live' : 'posts'].push(id);
  const lists = await Promise.all(
    (Object.entries(bySource) as [IdeaSource, string[]][]).map(([source, ids]) => listFrom(pb, source, ids)),
  );
  return lists.flat();
}

function listFrom(pb: PocketBase, source: IdeaSource, ids: string[]): Promise<IdeaLive[]> {
  if (ids.length === 0) return Promise.resolve([]);
  // `post_live` holds nothing else, and `fields` costs PocketBase more than it trims (2.0 → 1.0–1.3 ms of CPU
  // for 20 ideas); from `posts` it keeps each idea's body out of the answer.
  const fields =
    source === 'posts' ? { fields: 'id,board,title,status,merged_into,vote_count,comment_count,locked,updated' } : {};
  return pb.collection(source).getFullList<IdeaLive>({ filter: anyOf(pb, 'id', ids), ...fields });
}
