// The discussion on an idea: comments with one level of replies, live, and the comment box.

import { useLayoutEffect, useState } from 'react';
import { translate, translator } from '../../i18n/current';
import { isStaff } from '../../lib/access';
import { withNext } from '../../lib/next-link';
import type { CommentView, PostLive } from '../../lib/pb/post-types';
import type { SessionUser } from '../../lib/pb/types';
import { $posts } from '../../stores/posts';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { useSession } from '../../ui/hooks/use-session';
import CommentForm from './CommentForm';
import CommentItem from './CommentItem';
import { moreCommentsHref } from './comment-views';
import { $comments, $commentsNext, $commentsPost, addComment, loadMoreComments, startComments } from './comments';
import { startReactions } from './reactions';

const NO_COMMENTS: CommentView[] = [];
const NO_POSTS: Record<string, PostLive> = {};

interface Props {
  postId: string;
  initial: CommentView[];
  /** Where the page's comments stop when the idea has more (null: all shown). */
  next: string | null;
  /** The idea's public comment count when the page was made (the heading's number while more are unshown). */
  commentCount: number;
  /** The cursor after the newest comment the page knew (what came since is asked for when the island starts late). */
  since: string;
  /** The page's own address, for "Show more comments" without JavaScript (the idea page's by default). */
  pagePath?: string;
  locked: boolean;
  serverUser: SessionUser | null;
  /** The idea is public (public board, approved). */
  isPublic?: boolean | undefined;
}

export default function Comments({
  postId,
  initial,
  next,
  commentCount,
  since,
  pagePath,
  locked,
  serverUser,
  isPublic,
}: Props) {
  const user = useSession(serverUser);
  const t = translator('comments');
  // In the widget's panel (a frame): pages of the site itself, like the report form, open in a tab of their own.
  const embedded = Boolean(pagePath?.startsWith('/embed/'));
  const started = useClientStore($commentsPost, '') === postId;
  const stored = useClientStore($comments, NO_COMMENTS);
  const storedNext = useClientStore($commentsNext, null);
  const live = useClientStore($posts, NO_POSTS)[postId];
  const isLocked = live?.locked ?? locked;
  const [loadingMore, setLoadingMore] = useState(false);
  // Started in the same task as hydration, before any click reaches the form: a comment sent earlier went to
  // a store not yet pointed at this idea, and its pending copy was then replaced by the page's comments.
  useLayoutEffect(() => {
    const stopComments = startComments(postId, initial, { isPublic, next, commentCount, since });
    const stopReactions = startReactions(postId, isPublic);
    return () => {
      stopComments();
      stopReactions();
    };
  }, [postId, initial, isPublic, next, commentCount, since]);
  const comments = started ? stored : initial;
  const more = started ? storedNext : next;
  // With more pages, the heading counts what the idea holds, not what is shown.
  const count = more ? Math.max(comments.length, live?.comment_count ?? commentCount) : comments.length;
  const showMore = async (event: { preventDefault: () => void }) => {
    if (!started) return; // not live yet: the link loads the longer page
    event.preventDefault();
    setLoadingMore(true);
    await loadMoreComments();
    setLoadingMore(false);
  };
  const top = comments.filter((c) => !c.parent);
  // What every comment's item is told of the viewer and the page, a reply's as a top comment's.
  const shared = {
    viewerId: user?.id,
    canWrite: Boolean(user && !user.blocked && !isLocked),
    staff: isStaff(user),
    embedded,
  };
  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading">{t('count', { count })}</h2>
      <ol className="comment-list">
        {top.map((comment) => {
          const replies = comments.filter((c) => c.parent === comment.id);
          return (
            <CommentItem key={comment.id} comment={comment} {...shared}>
              {replies.length > 0 && (
                <ol className="comment-replies" aria-label={t('repliesTo', { name: comment.author.name })}>
                  {replies.map((reply) => (
                    <CommentItem key={reply.id} comment={reply} {...shared} />
                  ))}
                </ol>
              )}
            </CommentItem>
          );
        })}
      </ol>
      {more && (
        <p className="comments-more" id="comments-more">
          <a
            className="button"
            href={moreCommentsHref(pagePath ?? `/p/${postId}`, comments.length)}
            onClick={showMore}
            aria-busy={loadingMore}
            data-testid="show-more-comments"
          >
            {loadingMore ? t('loadingMore') : t('showMore')}
          </a>
        </p>
      )}
      {isLocked ? (
        <p className="notice">{translate('errors', 'locked')}</p>
      ) : !user ? (
        <p>
          <a href={withNext('/signin', `/p/${postId}`)}>{t('signInToJoin')}</a>
        </p>
      ) : user.blocked ? (
        <p className="notice">{translate('errors', 'blocked')}</p>
      ) : (
        <CommentForm
          postId={postId}
          label={t('add')}
          submitLabel={t('submit')}
          withImages
          allowInternal={shared.staff}
          action={`/p/${postId}/comment`}
          onSubmit={(body, images, internal) => addComment(body, '', images, internal)}
        />
      )}
    </section>
  );
}
