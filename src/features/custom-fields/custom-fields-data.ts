// Custom fields on ideas: a board's definitions (custom_fields; the rules show members the public ones
// only), an idea's staff-only values (post_insights.fields, staff only), and the list filter by a select
// field's option, built with bound parameters against the board's own definitions.
import type { PocketBase } from '../../lib/pb/client';

export type FieldType = 'text' | 'number' | 'select' | 'multiselect' | 'date';
export type FieldValue = string | number | string[];
export type FieldValues = Record<string, FieldValue>;

export interface FieldDefinition {
  id: string;
  key: string;
  label: string;
  type: FieldType;
  options: string[];
  public: boolean;
  required: boolean;
  max_length: number;
  position?: number;
}

const FIELDS = 'id,key,label,type,options,public,required,max_length,position';

/** A board's definitions in order; `publicOnly` even for staff (what the composer asks). */
export function listBoardFields(pb: PocketBase, board: string, publicOnly = false): Promise<FieldDefinition[]> {
  const filter = pb.filter(publicOnly ? 'board = {:board} && public = true' : 'board = {:board}', { board });
  return pb
    .collection('custom_fields')
    .getFullList<FieldDefinition>({ filter, sort: 'position,created', fields: FIELDS });
}

/** Only what a definition needs on a page, from a back-relation expand. */
export function toDefinitions(rows: Partial<FieldDefinition>[] | undefined): FieldDefinition[] {
  return (rows ?? [])
    .map((row) => ({
      id: String(row.id ?? ''),
      key: String(row.key ?? ''),
      label: String(row.label ?? ''),
      type: (row.type ?? 'text') as FieldType,
      options: Array.isArray(row.options) ? row.options.map(String) : [],
      public: Boolean(row.public),
      required: Boolean(row.required),
      max_length: Number(row.max_length) || 0,
      position: Number((row as { position?: number }).position) || 0,
    }))
    .sort((a, b) => a.position - b.position)
    .map(({ position: _, ...definition }) => definition);
}

/** Saves an idea's staff-only values (staff only; the server checks each one). */
export function saveStaffValues(pb: PocketBase, postId: string, fields: FieldValues) {
  return pb.collection('post_insights').update(postId, { fields });
}

/** The list filters (`?field.<key>=<option>`, read by src/features/ideas/list-query.ts) that name a public select
 * field's option, as a PocketBase filter expression and its bound values; anything else (unknown key,
 * unknown option, other types) is left out. The key is the definition's own (it passed the server's pattern
 * ^[a-z][a-z0-9_]{0,39}$); the option is only ever a bound value. */
export function fieldFilter(
  definitions: FieldDefinition[],
  chosen: Record<string, string>,
): { expression: string; params: Record<string, string> } {
  const parts: string[] = [];
  const params: Record<string, string> = {};
  for (const definition of definitions) {
    const option = chosen[definition.key];
    if (definition.type !== 'select' || !definition.public || option === undefined) continue;
    if (!definition.options.includes(option) || !/^[a-z][a-z0-9_]{0,39}$/.test(definition.key)) continue;
    parts.push(`fields.${definition.key} = {:field_${definition.key}}`);
    params[`field_${definition.key}`] = option;
  }
  return { expression: parts.join(' && '), params };
}
