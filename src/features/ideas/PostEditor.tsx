// The author's editor for their idea's title and description.

import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { translator } from '../../i18n/current';
import { FieldFrame } from '../../ui/FieldFrame';
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
      <FieldFrame id="edit-title" label={t('title')} error={errors.title}>
        {(control) => (
          <input
            {...control}
            value={draft.title}
            onChange={(event) => {
              setDraft({ ...draft, title: event.target.value });
              clearEditError('title');
            }}
          />
        )}
      </FieldFrame>
      <FieldFrame id="edit-body" label={t('details')}>
        {(control) => (
          <textarea
            {...control}
            rows={8}
            value={draft.body}
            onChange={(event) => setDraft({ ...draft, body: event.target.value })}
          />
        )}
      </FieldFrame>
      <div className="actions">
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
