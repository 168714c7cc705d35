// A segment's rule editor as plain form fields (rule_field_N, rule_op_N, rule_value_N) and back: what an
// admin typed becomes the conditions PocketBase checks (pb_hooks/segments/segments.js decides; this only gives
// each value the type its field and operator take, and keeps which row each rule came from).

export type SegmentOp = 'eq' | 'neq' | 'in' | 'gte' | 'lte' | 'contains' | 'before' | 'after' | 'within_days';
export interface SegmentRule {
  field: string;
  op: string;
  value: unknown;
}
export interface SegmentConditions {
  match: 'all' | 'any';
  rules: SegmentRule[];
}

export const SEGMENT_FIELDS = ['plan', 'revenue', 'company', 'attribute:', 'signed_up', 'active'] as const;
export const SEGMENT_OPS: SegmentOp[] = ['eq', 'neq', 'in', 'gte', 'lte', 'contains', 'before', 'after', 'within_days'];
/** Rows beyond a segment's rules offered for new ones. */
export const EMPTY_ROWS = 2;

const NUMBER = /^-?\d+(\.\d+)?$/;

/** The typed value of one row: numbers where the field and operator take one, lists for "in". */
export function typedValue(field: string, op: string, text: string): unknown {
  const value = text.trim();
  if (op === 'in')
    return value
      .split(',')
      .map((part) => part.trim())
      .filter(Boolean);
  const numeric = field === 'revenue' || op === 'gte' || op === 'lte' || op === 'within_days';
  if (numeric) return NUMBER.test(value) ? Number(value) : value;
  if (field.startsWith('attribute:') && (op === 'eq' || op === 'neq')) {
    if (NUMBER.test(value)) return Number(value);
    if (value === 'true' || value === 'false') return value === 'true';
  }
  return value;
}

/** The conditions a form describes, and for each rule the form row it came from (empty rows are skipped). */
export function conditionsFromForm(form: FormData): { conditions: SegmentConditions; rows: number[] } {
  const rules: SegmentRule[] = [];
  const rows: number[] = [];
  for (let row = 0; form.has(`rule_field_${row}`); row++) {
    const field = String(form.get(`rule_field_${row}`) ?? '').trim();
    const op = String(form.get(`rule_op_${row}`) ?? '');
    const text = String(form.get(`rule_value_${row}`) ?? '');
    if (!field && !text.trim()) continue;
    rules.push({ field, op, value: typedValue(field, op, text) });
    rows.push(row);
  }
  const match = form.get('match') === 'any' ? 'any' : 'all';
  return { conditions: { match, rules }, rows };
}

/** A rule's value as the form shows it. */
export function valueText(value: unknown): string {
  return Array.isArray(value) ? value.join(',') : value === undefined || value === null ? '' : String(value);
}

/** Field errors keyed by PocketBase's paths (conditions.rules.3.value) → keyed by form row (rule_value_5). */
export function rowErrors(fields: Record<string, string>, rows: number[]): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(fields)) {
    const found = /^conditions\.rules\.(\d+)(?:\.(field|op|value))?$/.exec(path);
    if (found) {
      const row = rows[Number(found[1])] ?? Number(found[1]);
      out[`rule_${found[2] ?? 'field'}_${row}`] = message;
    } else {
      out[path] = message;
    }
  }
  return out;
}

/** The conditions stored on a segment, read defensively (an empty editor for anything else). */
export function storedConditions(value: unknown): SegmentConditions {
  const raw = (value && typeof value === 'object' ? value : {}) as Partial<SegmentConditions>;
  return {
    match: raw.match === 'any' ? 'any' : 'all',
    rules: Array.isArray(raw.rules)
      ? raw.rules.filter((r): r is SegmentRule => Boolean(r && typeof r === 'object'))
      : [],
  };
}
