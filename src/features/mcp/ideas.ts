// Ideas as MCP tools return them: the fields an agent needs, names instead of ids for board, status and tags,
// and a link to the idea on the site. Only what the key's own PocketBase reads returned (its rules decide).
import type { RecordModel } from '../../lib/pb/client';
import type { ToolContext } from './tool';

export const IDEA_FIELDS =
  'id,title,body,board,status,tags,vote_count,comment_count,response,response_at,merged_into,created,updated,expand.board.name,expand.status.name,expand.tags.name';
export const IDEA_EXPAND = 'board,status,tags';

export interface IdeaSummary {
  id: string;
  title: string;
  board: string;
  status: string;
  tags: string[];
  votes: number;
  comments: number;
  url: string;
  merged_into?: string;
  created: string;
}

export function summarize(post: RecordModel, context: ToolContext, bodyLimit = 280): IdeaSummary & { body: string } {
  const expand = (post.expand ?? {}) as { board?: RecordModel; status?: RecordModel; tags?: RecordModel[] };
  const body = String(post.body ?? '');
  return {
    id: post.id,
    title: String(post.title ?? ''),
    body: body.length > bodyLimit ? `${body.slice(0, bodyLimit)}…` : body,
    board: String(expand.board?.name ?? ''),
    status: String(expand.status?.name ?? ''),
    tags: (expand.tags ?? []).map((tag) => String(tag.name)),
    votes: Number(post.vote_count ?? 0),
    comments: Number(post.comment_count ?? 0),
    url: `${context.siteUrl}/p/${post.id}`,
    ...(post.merged_into ? { merged_into: String(post.merged_into) } : {}),
    created: String(post.created ?? ''),
  };
}

/** An idea's id from an id or its address on the site (".../p/<id>"). */
export function ideaId(reference: string): string | null {
  const match = /^(?:https?:\/\/[^\s]+\/p\/)?([a-z0-9]{15})(?:[/?#].*)?$/.exec(reference.trim());
  return match?.[1] ?? null;
}
