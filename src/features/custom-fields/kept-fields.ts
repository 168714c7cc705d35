// Every custom field a whole audience sees (the member audience's copy: the public ones on the boards it sees;
// staff: all), kept per Worker isolate under the shell's version as its boards are (src/features/site/site.ts,
// issue 59): an idea page picks its board's from them instead of expanding the idea's board, which cost PocketBase
// 0.9 ms of CPU a view. Read whole, without a filter (PocketBase throttles repeated empty filtered lists from one
// address: the Worker's). Server only: the islands never carry the keeper.
import type { PocketBase } from '../../lib/pb/client';
import { keptAtVersion } from '../../lib/pb/kept-at-version';
import type { SharedBoards } from '../site/site';
import { type FieldDefinition, toDefinitions } from './custom-fields-data';

type FieldRow = Partial<FieldDefinition> & { board: string };

const readFields = (pb: PocketBase) => pb.collection('custom_fields').getFullList<FieldRow>();

/** A copy nothing one page does reaches another's (each row's options are its own). */
const copyRows = (rows: FieldRow[]) =>
  rows.map((row) => ({ ...row, ...(Array.isArray(row.options) && { options: [...row.options] }) }));

/** The fields `whose` audience sees, as kept under `version` (read, not kept, without one). */
export function keptFields(
  pb: PocketBase,
  whose: Exclude<SharedBoards, null>,
  version: string | null,
): Promise<FieldRow[]> {
  return keptAtVersion(`${whose} fields`, version, () => readFields(pb), copyRows);
}

/** Board `board`'s definitions among `rows`, in their order. */
export function fieldsOfBoard(rows: FieldRow[], board: string): FieldDefinition[] {
  return toDefinitions(rows.filter((row) => row.board === board));
}
