// The discussion on an idea: comments with one level of replies, live, and the comment box.

import { useEffect } from 'react';
import { translate, translator } from '../../i18n/current';
import { isStaff } from '../../lib/access';
import type { CommentView, PostLive } from '../../lib/pb/post-types';
import type { SessionUser } from '../../lib/pb/types';
import { useClientStore } from '../../ui/hooks/use-client-store';
import { useSession } from '../../ui/hooks/use-session';
import { $posts } from '../ideas/posts';
import CommentForm from './CommentForm';
import CommentItem from './CommentItem';
import { $comments, $commentsPost, addComment, startComments } from './comments';
import { startReactions } from './reactions';

const NO_COMMENTS: CommentView[] = [];
const NO_POSTS: Record<string, PostLive> = {};

interface Props {
  postId: string;
  initial: CommentView[];
  locked: boolean;
  serverUser: SessionUser | null;
  /** The idea is public (public board, approved). */
  isPublic?: boolean | undefined;
}

export default function Comments({ postId, initial, locked, serverUser, isPublic }: Props) {
  const user = useSession(serverUser);
  const t = translator('comments');
  const started = useClientStore($commentsPost, '') === postId;
  const stored = useClientStore($comments, NO_COMMENTS);
  const isLocked = useClientStore($posts, NO_POSTS)[postId]?.locked ?? locked;
  useEffect(() => {
    const stopComments = startComments(postId, initial, isPublic);
    const stopReactions = startReactions(postId, isPublic);
    return () => {
      stopComments();
      stopReactions();
    };
  }, [postId, initial, isPublic]);
  const comments = started ? stored : initial;
  const top = comments.filter((c) => !c.parent);
  const canWrite = Boolean(user && !user.blocked && !isLocked);
  const staff = isStaff(user);
  return (
    <section className="comments" aria-labelledby="comments-heading">
      <h2 id="comments-heading">{t('count', { count: comments.length })}</h2>
      <ol className="comment-list">
        {top.map((comment) => {
          const replies = comments.filter((c) => c.parent === comment.id);
          return (
            <CommentItem key={comment.id} comment={comment} viewerId={user?.id} canWrite={canWrite} staff={staff}>
              {replies.length > 0 && (
                <ol className="comment-replies" aria-label={t('repliesTo', { name: comment.author.name })}>
                  {replies.map((reply) => (
                    <CommentItem key={reply.id} comment={reply} viewerId={user?.id} canWrite={canWrite} staff={staff} />
                  ))}
                </ol>
              )}
            </CommentItem>
          );
        })}
      </ol>
      {isLocked ? (
        <p className="notice">{translate('errors', 'locked')}</p>
      ) : !user ? (
        <p>
          <a href={`/signin?next=${encodeURIComponent(`/p/${postId}`)}`}>{t('signInToJoin')}</a>
        </p>
      ) : user.blocked ? (
        <p className="notice">{translate('errors', 'blocked')}</p>
      ) : (
        <CommentForm
          postId={postId}
          label={t('add')}
          submitLabel={t('submit')}
          withImages
          allowInternal={staff}
          action={`/p/${postId}/comment`}
          onSubmit={(body, images, internal) => addComment(body, '', images, internal)}
        />
      )}
    </section>
  );
}
