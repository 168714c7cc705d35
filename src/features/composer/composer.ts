// The idea composer: draft (kept across detours), images (checked before upload), similar ideas
// while the title is typed, the board's public custom fields, and submitting with field messages (one
// beside each custom field too) that keep everything typed.

import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { attempt, type Result, refuse, succeed } from '../../stores/action';
import { getClient } from '../../stores/client';
import { blockedMessage, getViewer, goToSignIn, signedOutMessage } from '../../stores/viewer';
import {
  type FieldDefinition,
  type FieldValue,
  type FieldValues,
  listBoardFields,
} from '../custom-fields/custom-fields-data';
import { checkTitle } from '../ideas/idea-title';
import { createPost } from '../ideas/posts-data';
import { clearDraft, type Draft, loadDraft, saveDraft } from './draft';
import { checkImages } from './image-files';
import { findSimilarIdeas, type SimilarIdea } from './similar-ideas';

export const $draft = atom<Draft>({ title: '', body: '' });
export const $images = atom<File[]>([]);
export interface ComposerErrors {
  title?: string;
  body?: string;
  images: string[];
  form?: string;
  /** Custom field messages by key (the server's `fields.<key>`). */
  fields?: Record<string, string>;
}
export const $errors = atom<ComposerErrors>({ images: [] });
/** The board's public custom fields, and what is typed in them. */
export const $fieldDefinitions = atom<FieldDefinition[]>([]);
export const $fieldValues = atom<FieldValues>({});
/** Up to three ideas that may mean the same as the title typed (words and, where the site has AI, meaning). */
export const $similar = atom<SimilarIdea[]>([]);
export const $submitting = atom(false);

const MAX_BODY = 10_000;
let boardId = '';
let searchTimer: ReturnType<typeof setTimeout> | undefined;

export function openComposer(board: string): void {
  boardId = board;
  $draft.set(loadDraft(board));
  $errors.set({ images: [] });
  $fieldValues.set({});
  $fieldDefinitions.set([]);
  suggestSimilar($draft.get().title);
  listBoardFields(getClient(), board, true)
    .then((definitions) => boardId === board && $fieldDefinitions.set(definitions))
    .catch(() => $fieldDefinitions.set([]));
}

/** A custom field's new value ('' or [] clears it); its message goes at once. */
export function updateFieldValue(key: string, value: FieldValue): void {
  const values = { ...$fieldValues.get() };
  if (value === '' || (Array.isArray(value) && value.length === 0)) delete values[key];
  else values[key] = value;
  $fieldValues.set(values);
  const { [key]: _, ...rest } = $errors.get().fields ?? {};
  $errors.set({ ...$errors.get(), fields: rest });
}

export function updateDraft(change: Partial<Draft>): void {
  const draft = { ...$draft.get(), ...change };
  $draft.set(draft);
  // A field the person is fixing loses its message at once.
  const errors = { ...$errors.get() };
  for (const field of Object.keys(change) as (keyof Draft)[]) delete errors[field];
  $errors.set(errors);
  saveDraft(boardId, draft);
  if ('title' in change) {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => suggestSimilar(draft.title), 300);
  }
}

async function suggestSimilar(title: string): Promise<void> {
  if (title.trim().length < 3) return $similar.set([]);
  try {
    const items = await findSimilarIdeas(getClient(), title, boardId);
    if ($draft.get().title === title) $similar.set(items);
  } catch {
    // A newer title's request cancels this one: only the latest title's answer (or failure) is shown.
    if ($draft.get().title === title) $similar.set([]);
  }
}

export async function addImages(files: File[]): Promise<void> {
  const { accepted, errors } = await checkImages(files, $images.get().length);
  $images.set([...$images.get(), ...accepted]);
  $errors.set({ ...$errors.get(), images: errors });
}

export function removeImage(index: number): void {
  $images.set($images.get().filter((_, i) => i !== index));
  $errors.set({ ...$errors.get(), images: [] });
}

/** Sends the idea; resolves with its id, or an error (field messages shown, all input kept). */
export async function submitIdea(): Promise<Result<string>> {
  const { title, body } = $draft.get();
  const viewer = getViewer();
  if (!viewer) {
    saveDraft(boardId, $draft.get());
    goToSignIn();
    return { ok: false, error: { kind: 'unauthorized', message: signedOutMessage() } };
  }
  if (viewer.blocked) return fail({ form: blockedMessage() });
  const titleError = checkTitle(title);
  if (titleError) return fail({ title: titleError });
  if (body.length > MAX_BODY) {
    return fail({ body: translate('composer', 'bodyTooLong', { max: MAX_BODY, count: body.length }) });
  }
  $submitting.set(true);
  const images = $images.get();
  const result = await attempt(() =>
    createPost(getClient(), {
      board: boardId,
      author: viewer.id,
      title: title.trim(),
      body,
      images,
      fields: $fieldValues.get(),
    }),
  );
  $submitting.set(false);
  if (result.ok) {
    clearDraft(boardId);
    $images.set([]);
    $fieldValues.set({});
    return succeed(result.value.id);
  }
  const e = result.error;
  const fields = e.kind === 'validation' ? e.fields : {};
  const custom = Object.fromEntries(
    Object.entries(fields)
      .filter(([name]) => name.startsWith('fields.'))
      .map(([name, message]) => [name.slice('fields.'.length), message]),
  );
  return fail({
    ...(Object.keys(custom).length > 0 ? { fields: custom } : {}),
    ...(fields.title ? { title: fields.title } : {}),
    ...(fields.body ? { body: fields.body } : {}),
    ...(fields.images ? { images: [fields.images] } : {}),
    form: translate('composer', 'notPosted', { reason: e.message }),
  });
}

function fail(errors: Partial<ComposerErrors>): Result<never> {
  $errors.set({ images: [], ...errors });
  const message = errors.form ?? errors.title ?? errors.body ?? errors.images?.[0] ?? '';
  const fields = { ...(errors.title ? { title: errors.title } : {}), ...(errors.body ? { body: errors.body } : {}) };
  return refuse(message, { fields });
}
