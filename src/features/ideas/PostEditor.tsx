// The author's editor for their idea's title and description.

import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { translator } from '../../i18n/current';
import { focusFirstError } from '../../ui/hooks/focus-first-error';
import { $editErrors, clearEditError, saveIdea } from './post-editor';

export default function PostEditor({ postId, title, body }: { postId: string; title: string; body: string }) {
  const [draft, setDraft] = useState({ title, body });
  const errors = useStore($editErrors);
  const t = translator('composer');
  return (
    <form
      className="form card"
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void saveIdea(postId, draft.title, draft.body).then((result) => {
          if (result.ok) location.assign(`/p/${postId}`);
          else focusFirstError(form);
        });
      }}
    >
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="field">
        <label htmlFor="edit-title">{t('title')}</label>
        <input
          id="edit-title"
          value={draft.title}
          aria-invalid={errors.title ? true : undefined}
          aria-describedby={errors.title ? 'edit-title-error' : undefined}
          onChange={(event) => {
            setDraft({ ...draft, title: event.target.value });
            clearEditError('title');
          }}
        />
        {errors.title && (
          <p id="edit-title-error" className="field-error">
            {errors.title}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor="edit-body">{t('details')}</label>
        <textarea
          id="edit-body"
          rows={8}
          value={draft.body}
          onChange={(event) => setDraft({ ...draft, body: event.target.value })}
        />
      </div>
      <div className="comment-form-actions">
        <button type="submit" className="button primary">
          {t('saveChanges')}
        </button>
        <a className="button" href={`/p/${postId}`}>
          {t('cancel')}
        </a>
      </div>
    </form>
  );
}
