// Writes a release: title, slug, markdown body, cover, labels, linked ideas; save as draft or publish
// (optionally marking the linked ideas Done). Field messages show next to fields; nothing typed is lost.
import { type FormEvent, useState } from 'react';
import { translator } from '../../i18n/current';
import type { AppError } from '../../lib/pb/errors';
import type { ChangelogLabel } from '../../lib/pb/staff-types';
import { CheckboxField } from '../../ui/CheckboxField';
import { FieldFrame } from '../../ui/FieldFrame';
import { ImageField } from '../../ui/ImageField';
import { TextareaField } from '../../ui/TextareaField';
import { saveChangelogEntry, slugify } from './changelog-editor';
import LinkedIdeasPicker, { type LinkedIdea } from './LinkedIdeasPicker';

export interface EditorEntry {
  id: string | null;
  title: string;
  slug: string;
  body: string;
  labels: ChangelogLabel[];
  state: 'draft' | 'published';
  markDone: boolean;
  posts: LinkedIdea[];
}

const LABELS: ChangelogLabel[] = ['new', 'improved', 'fixed'];
// i18n-keys: adminChangelog.label_*

export default function ChangelogEditor({ entry }: { entry: EditorEntry }) {
  const t = translator('adminChangelog');
  const [error, setError] = useState<AppError | null>(null);
  const [slug, setSlug] = useState(entry.slug);
  const [busy, setBusy] = useState(false);
  const fields = error?.kind === 'validation' ? error.fields : {};

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    const form = new FormData(event.currentTarget);
    const data = new FormData();
    data.set('title', String(form.get('entry_title') ?? ''));
    for (const key of ['slug', 'body']) data.set(key, String(form.get(key) ?? ''));
    for (const label of form.getAll('labels')) data.append('labels', String(label));
    if (!form.getAll('labels').length) data.set('labels', '');
    const posts = form.getAll('posts');
    if (posts.length) for (const id of posts) data.append('posts', String(id));
    else data.set('posts', '');
    data.set('mark_done', form.get('mark_done') ? 'true' : 'false');
    const cover = form.get('cover');
    if (cover instanceof File && cover.size > 0) data.set('cover', cover);
    data.set('state', submitter?.value === 'publish' || entry.state === 'published' ? 'published' : 'draft');
    setBusy(true);
    const result = await saveChangelogEntry(entry.id, data);
    setBusy(false);
    if (!result.ok) setError(result.error);
    else location.assign(`/admin/changelog?saved=${encodeURIComponent(result.value.id)}`);
  }

  return (
    <form className="form changelog-editor" onSubmit={submit} noValidate>
      <FieldFrame id="entry-title" label={t('title')} error={fields.title}>
        {(control) => (
          <input
            {...control}
            name="entry_title"
            defaultValue={entry.title}
            maxLength={140}
            required
            onChange={(e) => !entry.id && setSlug(slugify(e.target.value))}
          />
        )}
      </FieldFrame>
      <FieldFrame id="entry-slug" label={t('slug')} error={fields.slug}>
        {(control) => <input {...control} name="slug" value={slug} onChange={(e) => setSlug(e.target.value)} />}
      </FieldFrame>
      <TextareaField
        id="entry-body"
        name="body"
        label={t('body')}
        error={fields.body}
        rows={10}
        defaultValue={entry.body}
      />
      <ImageField id="entry-cover" name="cover" label={t('cover')} error={fields.cover} />
      <fieldset className="staff-tags">
        <legend>{t('labels')}</legend>
        {LABELS.map((label) => (
          <label key={label} className="checkbox">
            <input type="checkbox" name="labels" value={label} defaultChecked={entry.labels.includes(label)} />{' '}
            {t(`label_${label}`)}
          </label>
        ))}
      </fieldset>
      <LinkedIdeasPicker initial={entry.posts} />
      <CheckboxField id="entry-mark-done" name="mark_done" label={t('markDone')} defaultChecked={entry.markDone} />
      {error && error.kind !== 'validation' && <p className="alert error">{error.message}</p>}
      {error?.kind === 'validation' && (
        <p className="alert error" role="alert">
          {error.message}
        </p>
      )}
      <div className="staff-flags">
        {entry.state === 'draft' && (
          <button type="submit" className="button" value="draft" disabled={busy}>
            {t('saveDraft')}
          </button>
        )}
        <button type="submit" className="button primary" value="publish" disabled={busy}>
          {entry.state === 'published' ? t('saveChanges') : t('publish')}
        </button>
      </div>
    </form>
  );
}
