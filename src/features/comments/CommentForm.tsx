// A comment, reply or edit box: clears at once (optimistic) and gets the text back if the server refuses.
// With an `action`, it is a plain form first (posting works before hydration and with JavaScript off).

import { lazy, Suspense, useId, useRef, useState } from 'react';
import { translator } from '../../i18n/current';
import { focusFirstError } from '../../ui/hooks/focus-first-error';

interface Props {
  /** The idea commented on (whose readers mentions may name). */
  postId: string;
  label: string;
  submitLabel: string;
  initial?: string;
  onSubmit: (body: string, images: File[], internal: boolean) => Promise<{ ok: boolean }>;
  /** Where the plain form posts before the island runs. */
  action?: string;
  onCancel?: () => void;
  /** Offer up to three images (new comments and replies, not edits). */
  withImages?: boolean;
  /** Staff may post a note only staff can see. */
  allowInternal?: boolean;
}

// A comment's images are rarely used: their picker loads once someone starts a comment, not with the page.
const FilePicker = lazy(() => import('../../ui/FilePicker'));
// Mention suggestions, likewise, load once someone starts a comment (the idea page's JS budget).
const MentionPicker = lazy(() => import('./MentionPicker'));

const MAX_COMMENT_IMAGES = 3;
const MAX_COMMENT_LENGTH = 5000;
const MAX_MENTIONS = 10;

export default function CommentForm(props: Props) {
  const { postId, label, submitLabel, initial = '', onSubmit, onCancel, withImages, allowInternal, action } = props;
  const [body, setBody] = useState(initial);
  const [images, setImages] = useState<File[]>([]);
  const [error, setError] = useState('');
  const [internal, setInternal] = useState(false);
  const [started, setStarted] = useState(Boolean(initial));
  const box = useRef<HTMLTextAreaElement>(null);
  const id = useId();
  const t = translator('comments');
  return (
    <form
      className="comment-form"
      {...(action ? { method: 'post', action } : {})}
      onFocus={() => setStarted(true)}
      onSubmit={(event) => {
        event.preventDefault();
        const text = body.trim();
        const refuse = (message: string) => {
          setError(message);
          focusFirstError(event.currentTarget);
        };
        if (!text) return refuse(t('writeFirst'));
        if (text.length > MAX_COMMENT_LENGTH) return refuse(t('tooLong', { max: MAX_COMMENT_LENGTH }));
        if (new Set(text.match(/\(user:[a-z0-9]{15}\)/g)).size > MAX_MENTIONS) {
          return refuse(t('tooManyMentions', { max: MAX_MENTIONS }));
        }
        setError('');
        setBody('');
        setImages([]);
        void onSubmit(text, images, internal).then(({ ok }) => {
          if (ok) return;
          setBody((now) => now || text);
          setImages((now) => (now.length ? now : images));
        });
      }}
    >
      <label htmlFor={id} className="visually-hidden">
        {label}
      </label>
      <textarea
        ref={box}
        id={id}
        name="body"
        value={body}
        rows={3}
        placeholder={label}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-error` : undefined}
        onChange={(event) => {
          setBody(event.target.value);
          if (error) setError('');
        }}
      />
      {started && (
        <Suspense>
          <MentionPicker
            postId={postId}
            textarea={box}
            internal={internal}
            onPick={(next, caret) => {
              setBody(next);
              requestAnimationFrame(() => box.current?.setSelectionRange(caret, caret));
            }}
          />
        </Suspense>
      )}
      {error && (
        <p id={`${id}-error`} className="field-error">
          {error}
        </p>
      )}
      {allowInternal && (
        <label className="comment-internal-toggle">
          <input type="checkbox" checked={internal} onChange={(event) => setInternal(event.target.checked)} />{' '}
          {t('internalToggle')}
        </label>
      )}
      <div className="actions">
        <button type="submit" className="button primary">
          {submitLabel}
        </button>
        {onCancel && (
          <button type="button" className="button" onClick={onCancel}>
            {t('cancel')}
          </button>
        )}
      </div>
      {/* Below the buttons: the picker appears once someone starts a comment (its script loads then), and what
          appears below a button never moves it under a pointer on its way (a click on Comment focuses the form). */}
      {withImages && (started || images.length > 0) && (
        <Suspense>
          <div className="comment-images-picker">
            <FilePicker
              buttonLabel={t('attachImages', { count: images.length, max: MAX_COMMENT_IMAGES })}
              aria-label={t('attachImages', { count: images.length, max: MAX_COMMENT_IMAGES })}
              multiple
              accept="image/jpeg,image/png,image/webp,image/gif"
              chosen={images}
              onFiles={(files) => {
                // The checker loads when someone first attaches an image, not with the page.
                void import('../composer/image-files')
                  .then(({ checkImages }) => checkImages(files, images.length, MAX_COMMENT_IMAGES))
                  .then(({ accepted, errors }) => {
                    setImages((now) => [...now, ...accepted]);
                    setError(errors.join(' '));
                  });
              }}
            />
          </div>
        </Suspense>
      )}
    </form>
  );
}
