// The idea composer (loaded on demand): title with similar ideas, markdown body, up to 5 images
// by picker, drag and drop or paste. Everything typed survives failures, detours and reloads.

import { useStore } from '@nanostores/react';
import { useId, useLayoutEffect } from 'react';
import { translator } from '../../i18n/current';
import type { SessionUser } from '../../lib/pb/types';
import { FieldMessages } from '../../ui/FieldFrame';
import { controlAria } from '../../ui/field-aria';
import { focusFirstError } from '../../ui/hooks/focus-first-error';
import { useSession } from '../../ui/hooks/use-session';
import CustomFieldInput from '../custom-fields/CustomFieldInput';
import ComposerImages from './ComposerImages';
import {
  $draft,
  $errors,
  $fieldDefinitions,
  $fieldValues,
  $images,
  $similar,
  $submitting,
  addImages,
  openComposer,
  submitIdea,
  updateDraft,
  updateFieldValue,
} from './composer';
import SimilarIdeas from './SimilarIdeas';

interface Props {
  boardId: string;
  boardName: string;
  serverUser: SessionUser | null;
  onClose: () => void;
}

export default function Composer({ boardId, boardName, serverUser, onClose }: Props) {
  const user = useSession(serverUser);
  const draft = useStore($draft);
  const errors = useStore($errors);
  const similar = useStore($similar);
  const submitting = useStore($submitting);
  const images = useStore($images);
  const definitions = useStore($fieldDefinitions);
  const values = useStore($fieldValues);
  const id = useId();
  const t = translator('composer');
  // Before the browser paints the fields (not after, as useEffect would): a title typed or pasted at once must
  // not be replaced by the draft loaded behind it.
  useLayoutEffect(() => openComposer(boardId), [boardId]);
  const onPaste = (event: React.ClipboardEvent) => {
    const files = [...event.clipboardData.files];
    if (files.length === 0) return;
    event.preventDefault();
    void addImages(files);
  };
  return (
    <form
      className="composer card form"
      aria-label={t('shareOn', { board: boardName })}
      noValidate
      onPaste={onPaste}
      onDragOver={(event) => event.preventDefault()}
      onDrop={(event) => {
        event.preventDefault();
        void addImages([...event.dataTransfer.files]);
      }}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void submitIdea().then((result) => {
          if (result.ok) location.assign(`/p/${result.value}`);
          else focusFirstError(form);
        });
      }}
    >
      <h2>{t('share')}</h2>
      {errors.form && (
        <p className="form-error" role="alert">
          {errors.form}
        </p>
      )}
      <div className="field">
        <label htmlFor={`${id}-title`}>{t('title')}</label>
        <input
          {...controlAria(`${id}-title`, { error: errors.title })}
          value={draft.title}
          autoComplete="off"
          onChange={(event) => updateDraft({ title: event.target.value })}
        />
        <FieldMessages id={`${id}-title`} error={errors.title} />
      </div>
      {similar.length > 0 && <SimilarIdeas ideas={similar} />}
      <div className="field">
        <label htmlFor={`${id}-body`}>{t('details')}</label>
        <textarea
          {...controlAria(`${id}-body`, { error: errors.body })}
          rows={6}
          value={draft.body}
          onChange={(event) => updateDraft({ body: event.target.value })}
        />
        <FieldMessages id={`${id}-body`} error={errors.body} />
      </div>
      {definitions.map((definition) => (
        <CustomFieldInput
          key={definition.key}
          definition={definition}
          idPrefix={id}
          value={values[definition.key]}
          error={errors.fields?.[definition.key]}
          onChange={(value) => updateFieldValue(definition.key, value)}
        />
      ))}
      <ComposerImages images={images} errors={errors.images} />
      <div className="actions">
        <button type="submit" className="button primary" disabled={submitting}>
          {user ? (submitting ? t('posting') : t('post')) : t('signInToPost')}
        </button>
        <button type="button" className="button" onClick={onClose}>
          {t('close')}
        </button>
      </div>
    </form>
  );
}
