// Admin list editing (boards, statuses, tags): optimistic edits and reorders that roll back with a toast.
import { atom } from 'nanostores';
import { type AdminCollection, type AdminRow, createRow, deleteRow, updateRow } from '../lib/pb/admin';
import { getBrowserClient } from '../lib/pb/client';
import { type AppError, toAppError } from '../lib/pb/errors';
import { showToast } from './toast';

export const $adminRows = atom<AdminRow[] | null>(null);

export function startAdminRows(rows: AdminRow[]): void {
  if ($adminRows.get() === null) $adminRows.set(rows);
}

async function attempt(
  change: () => Promise<unknown>,
  before: AdminRow[] | null,
  done: string,
): Promise<AppError | null> {
  try {
    await change();
    showToast(done);
    return null;
  } catch (error) {
    $adminRows.set(before);
    const appError = toAppError(error);
    showToast(appError.message);
    return appError;
  }
}

export function saveAdminRow(collection: AdminCollection, id: string, data: Record<string, unknown>) {
  const before = $adminRows.get();
  $adminRows.set(before?.map((row) => (row.id === id ? ({ ...row, ...data } as AdminRow) : row)) ?? null);
  return attempt(() => updateRow(getBrowserClient(), collection, id, data), before, 'Saved.');
}

export async function addAdminRow(
  collection: AdminCollection,
  data: Record<string, unknown>,
): Promise<AppError | null> {
  try {
    const row = await createRow(getBrowserClient(), collection, data);
    $adminRows.set([...($adminRows.get() ?? []), row]);
    showToast('Added.');
    return null;
  } catch (error) {
    const appError = toAppError(error);
    showToast(appError.message);
    return appError;
  }
}

export function removeAdminRow(collection: AdminCollection, id: string) {
  const before = $adminRows.get();
  $adminRows.set(before?.filter((row) => row.id !== id) ?? null);
  return attempt(() => deleteRow(getBrowserClient(), collection, id), before, 'Deleted.');
}

/** Moves a row one place up or down by renumbering positions (buttons, never dragging). */
export function moveAdminRow(collection: AdminCollection, id: string, by: -1 | 1) {
  const before = $adminRows.get() ?? [];
  const index = before.findIndex((row) => row.id === id);
  const other = index + by;
  if (index < 0 || other < 0 || other >= before.length) return Promise.resolve(null);
  const reordered = [...before];
  [reordered[index], reordered[other]] = [reordered[other] as AdminRow, reordered[index] as AdminRow];
  const renumbered = reordered.map((row, position) => ({ ...row, position }));
  $adminRows.set(renumbered);
  const changed = renumbered.filter((row, i) => before.find((b) => b.id === row.id)?.position !== i);
  const pb = getBrowserClient();
  return attempt(
    () => Promise.all(changed.map((row) => updateRow(pb, collection, row.id, { position: row.position }))),
    before,
    'Order saved.',
  );
}
