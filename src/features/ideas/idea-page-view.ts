// What an idea's page shows of the idea it loaded (idea-page.ts), on the site and in the widget's panel alike:
// its author's card, images, board, whether it is public, comments as rendered, and the statuses to pick from.
import { formatAge } from '../../lib/dates';
import { isPublicIdea } from '../../lib/live/idea-live-data';
import { renderMarkdown } from '../../lib/markdown';
import { cardAuthor, imageUrls } from '../../lib/pb/card-parts';
import type { PocketBase } from '../../lib/pb/client';
import { toCommentView } from '../comments/comment-views';
import type { loadIdeaPage } from './idea-page';

export function ideaPageView(pb: PocketBase, { post, comments, statuses }: Awaited<ReturnType<typeof loadIdeaPage>>) {
  const board = post.expand?.board;
  return {
    author: cardAuthor(pb, post),
    images: imageUrls(post),
    board,
    isPublic: isPublicIdea(board, post),
    commentViews: comments.map((c) => toCommentView(pb, c, renderMarkdown, formatAge(c.created))),
    statusOptions: statuses.map((s) => ({ id: s.id, name: s.name, slug: s.slug, closed: s.closed })),
  };
}
