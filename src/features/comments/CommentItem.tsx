// One comment: author, age, edited marker, body, reactions, and reply/edit/delete where allowed.

import { lazy, Suspense, useRef, useState } from 'react';
import { translator } from '../../i18n/current';
import type { CommentView } from '../../lib/pb/post-types';
import { Avatar } from '../../ui/Avatar';
import CommentForm from './CommentForm';
import { $comments, $commentsPost, addComment, editComment, removeComment, toggleCommentHidden } from './comments';
import ReactionBar from './ReactionBar';

// Loaded when someone reaches for Delete: the idea page's up-front JavaScript does not carry it.
const AskFirst = lazy(() => import('../../ui/AskFirst'));

interface Props {
  comment: CommentView;
  viewerId: string | undefined;
  canWrite: boolean;
  /** Staff may hide or delete anyone's comment. */
  staff?: boolean;
  /** In the widget's panel: the report form opens in a tab of its own (the site's pages refuse to be framed). */
  embedded?: boolean;
  children?: React.ReactNode;
}

export default function CommentItem({ comment, viewerId, canWrite, staff = false, embedded = false, children }: Props) {
  // 'delete': asked in place what goes with it (its replies too) before anything is removed.
  const [mode, setMode] = useState<'read' | 'edit' | 'reply' | 'delete'>('read');
  const deleteButton = useRef<HTMLButtonElement>(null);
  // Its replies go with it (the database deletes them too): counted only while asking.
  const replies = mode === 'delete' ? $comments.get().filter((c) => c.parent === comment.id).length : 0;
  const t = translator('comments');
  const own = viewerId === comment.author.id && !comment.pending;
  const classes = [
    'comment',
    comment.isNew && 'is-new',
    comment.internal && 'is-internal',
    comment.hidden && 'is-hidden',
  ];
  return (
    <li className={classes.filter(Boolean).join(' ')} id={`c-${comment.id}`} data-testid="comment">
      <p className="comment-meta">
        <Avatar user={comment.author} size={24} /> <strong>{comment.author.name}</strong>{' '}
        {comment.byStaff && (
          <span className="badge" data-testid="team-mark">
            {t('team')}
          </span>
        )}
        <span className="muted">
          {comment.pending ? t('sending') : comment.edited ? t('ageEdited', { age: comment.age }) : comment.age}
        </span>
        {comment.isNew && <span className="badge">{t('new')}</span>}
        {comment.internal && <span className="badge badge-quiet">{t('internalNote')}</span>}
        {comment.hidden && (
          <span className="badge badge-quiet" data-testid={comment.held ? 'held-mark' : undefined}>
            {comment.held ? t('waitsForReview') : t('hiddenFromMembers')}
          </span>
        )}
      </p>
      {mode === 'edit' ? (
        <CommentForm
          postId={$commentsPost.get()}
          label={t('editYours')}
          submitLabel={t('save')}
          initial={comment.body}
          onCancel={() => setMode('read')}
          onSubmit={(body) => {
            setMode('read');
            return editComment(comment.id, body);
          }}
        />
      ) : comment.html !== null ? (
        // Server-rendered, sanitized markdown (src/lib/markdown.ts).
        // biome-ignore lint/security/noDangerouslySetInnerHtml: sanitized on the server
        <div className="prose" dangerouslySetInnerHTML={{ __html: comment.html }} />
      ) : (
        <p className="comment-text">{comment.body}</p>
      )}
      {comment.images.length > 0 && (
        <ul className="post-images" aria-label={t('imagesIn', { name: comment.author.name })}>
          {comment.images.map((image, index) => (
            <li key={image.thumb}>
              <a href={image.full || image.thumb}>
                <img
                  src={image.thumb}
                  alt={t('attachmentFrom', { number: index + 1, name: comment.author.name })}
                  width={160}
                />
              </a>
            </li>
          ))}
        </ul>
      )}
      {!comment.pending && <ReactionBar commentId={comment.id} viewerId={viewerId} />}
      {canWrite && !comment.pending && mode === 'read' && (
        <p className="comment-actions">
          {!comment.parent && (
            <button type="button" className="button link" onClick={() => setMode('reply')}>
              {t('reply')}
            </button>
          )}
          {own && (
            <button type="button" className="button link" onClick={() => setMode('edit')}>
              {t('edit')}
            </button>
          )}
          {staff && (
            <button type="button" className="button link" onClick={() => void toggleCommentHidden(comment.id)}>
              {comment.hidden ? t('showToMembers') : t('hide')}
            </button>
          )}
          {!own && !comment.internal && (
            <a
              className="button link"
              href={`/p/${$commentsPost.get()}/report?comment=${comment.id}`}
              {...(embedded && { target: '_blank', rel: 'noopener' })}
            >
              {t('report')}
            </a>
          )}
          {(own || staff) && (
            <button type="button" className="button link" ref={deleteButton} onClick={() => setMode('delete')}>
              {t('delete')}
            </button>
          )}
        </p>
      )}
      {mode === 'delete' && (
        <Suspense>
          <AskFirst
            question={replies ? t('deleteAskReplies', { count: replies }) : t('deleteAsk')}
            confirm={t('delete')}
            cancel={t('cancel')}
            onConfirm={() => void removeComment(comment.id)}
            onCancel={() => {
              setMode('read');
              requestAnimationFrame(() => deleteButton.current?.focus());
            }}
          />
        </Suspense>
      )}
      {children}
      {mode === 'reply' && (
        <CommentForm
          postId={$commentsPost.get()}
          label={t('replyTo', { name: comment.author.name })}
          submitLabel={t('reply')}
          onCancel={() => setMode('read')}
          withImages
          allowInternal={staff}
          onSubmit={(body, images, internal) => {
            setMode('read');
            return addComment(body, comment.id, images, internal);
          }}
        />
      )}
    </li>
  );
}
