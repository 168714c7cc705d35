// Admin list editing (boards, statuses, tags): optimistic edits and reorders that roll back with a toast.
import { atom } from 'nanostores';
import { translate } from '../../i18n/current';
import { act, type Result, succeed } from '../../stores/action';
import { getClient } from '../../stores/client';
import { type AdminCollection, type AdminRow, createRow, deleteRow, updateRow } from './admin-data';

export const $adminRows = atom<AdminRow[] | null>(null);

/** Shows `next` at once; the server's refusal puts the rows back. */
function change(next: AdminRow[] | null, send: () => Promise<unknown>, success: string): Promise<Result<unknown>> {
  const before = $adminRows.get();
  return act({
    apply: () => {
      $adminRows.set(next);
      return () => $adminRows.set(before);
    },
    send,
    success,
    failure: '',
  });
}

export function saveAdminRow(collection: AdminCollection, id: string, data: Record<string, unknown>) {
  const rows = $adminRows.get()?.map((row) => (row.id === id ? ({ ...row, ...data } as AdminRow) : row)) ?? null;
  return change(rows, () => updateRow(getClient(), collection, id, data), translate('adminList', 'saved'));
}

export function addAdminRow(collection: AdminCollection, data: Record<string, unknown>): Promise<Result<AdminRow>> {
  return act({
    send: () => createRow(getClient(), collection, data),
    confirm: (row) => $adminRows.set([...($adminRows.get() ?? []), row]),
    success: translate('adminList', 'added'),
    failure: '',
  });
}

export function removeAdminRow(collection: AdminCollection, id: string) {
  const rows = $adminRows.get()?.filter((row) => row.id !== id) ?? null;
  return change(rows, () => deleteRow(getClient(), collection, id), translate('adminList', 'deleted'));
}

/** Moves a row one place up or down by renumbering positions (buttons, never dragging). */
export function moveAdminRow(collection: AdminCollection, id: string, by: -1 | 1): Promise<Result<unknown>> {
  const before = $adminRows.get() ?? [];
  const index = before.findIndex((row) => row.id === id);
  const other = index + by;
  if (index < 0 || other < 0 || other >= before.length) return Promise.resolve(succeed(null));
  const reordered = [...before];
  [reordered[index], reordered[other]] = [reordered[other] as AdminRow, reordered[index] as AdminRow];
  const renumbered = reordered.map((row, position) => ({ ...row, position }));
  const changed = renumbered.filter((row, i) => before.find((b) => b.id === row.id)?.position !== i);
  const pb = getClient();
  return change(
    renumbered,
    () => Promise.all(changed.map((row) => updateRow(pb, collection, row.id, { position: row.position }))),
    translate('adminList', 'orderSaved'),
  );
}
