// The idea composer: draft (kept across detours), images (checked before upload), similar ideas
// while the title is typed, and submitting with field messages that keep everything typed.
import { atom } from 'nanostores';
import { checkImages, checkTitle } from '../lib/image-files';
import { getBrowserClient } from '../lib/pb/client';
import { toAppError } from '../lib/pb/errors';
import { createPost, searchPosts } from '../lib/pb/posts';
import { clearDraft, type Draft, loadDraft, saveDraft } from './draft';
import { BLOCKED_MESSAGE, getViewer, goToSignIn } from './viewer';

export const $draft = atom<Draft>({ title: '', body: '' });
export const $images = atom<File[]>([]);
export const $errors = atom<{ title?: string; body?: string; images: string[]; form?: string }>({ images: [] });
export const $similar = atom<{ id: string; title: string }[]>([]);
export const $submitting = atom(false);

let boardId = '';
let searchTimer: ReturnType<typeof setTimeout> | undefined;

export function openComposer(board: string): void {
  boardId = board;
  $draft.set(loadDraft(board));
  $errors.set({ images: [] });
  suggestSimilar($draft.get().title);
}

export function updateDraft(change: Partial<Draft>): void {
  const draft = { ...$draft.get(), ...change };
  $draft.set(draft);
  saveDraft(boardId, draft);
  if ('title' in change) {
    clearTimeout(searchTimer);
    searchTimer = setTimeout(() => suggestSimilar(draft.title), 300);
  }
}

async function suggestSimilar(title: string): Promise<void> {
  if (title.trim().length < 3) return $similar.set([]);
  try {
    const { items } = await searchPosts(getBrowserClient(), title, { board: boardId, perPage: 5 });
    if ($draft.get().title === title) $similar.set(items.map((p) => ({ id: p.id, title: p.title })));
  } catch {
    $similar.set([]);
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

/** Sends the idea; resolves with its id, or null when something needs fixing (all input kept). */
export async function submitIdea(): Promise<string | null> {
  const { title, body } = $draft.get();
  const viewer = getViewer();
  if (!viewer) {
    saveDraft(boardId, $draft.get());
    goToSignIn();
    return null;
  }
  if (viewer.blocked) return fail({ form: BLOCKED_MESSAGE });
  const titleError = checkTitle(title);
  if (titleError) return fail({ title: titleError });
  if (body.length > 10000)
    return fail({ body: `The description can be at most 10,000 characters; it has ${body.length}.` });
  $submitting.set(true);
  try {
    const post = await createPost(getBrowserClient(), {
      board: boardId,
      author: viewer.id,
      title: title.trim(),
      body,
      images: $images.get(),
    });
    clearDraft(boardId);
    $images.set([]);
    return post.id;
  } catch (error) {
    const e = toAppError(error);
    const fields = e.kind === 'validation' ? e.fields : {};
    return fail({
      ...(fields.title ? { title: fields.title } : {}),
      ...(fields.body ? { body: fields.body } : {}),
      ...(fields.images ? { images: [fields.images] } : {}),
      form: `Your idea was not posted: ${e.message} Nothing you typed is lost.`,
    });
  } finally {
    $submitting.set(false);
  }
}

function fail(errors: { title?: string; body?: string; images?: string[]; form?: string }): null {
  $errors.set({ images: [], ...errors });
  return null;
}
