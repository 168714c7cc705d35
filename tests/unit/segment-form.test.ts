// The segment editor's plain form: rows become typed rules (numbers, lists, booleans where the field takes
// them), empty rows are skipped, and PocketBase's per-rule refusals land on the row they came from.
import { describe, expect, it } from 'vitest';
import {
  conditionsFromForm,
  rowErrors,
  storedConditions,
  typedValue,
  valueText,
} from '../../src/features/segments/segment-form';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [name, value] of Object.entries(entries)) data.set(name, value);
  return data;
};

describe('segment form', () => {
  it('types each value by its field and operator', () => {
    expect(typedValue('revenue', 'gte', ' 1000 ')).toBe(1000);
    expect(typedValue('revenue', 'gte', '1e3; DROP')).toBe('1e3; DROP');
    expect(typedValue('plan', 'in', 'Pro, Enterprise,,')).toEqual(['Pro', 'Enterprise']);
    expect(typedValue('attribute:seats', 'eq', '12')).toBe(12);
    expect(typedValue('attribute:beta', 'eq', 'true')).toBe(true);
    expect(typedValue('attribute:tier', 'contains', '12')).toBe('12');
    expect(typedValue('signed_up', 'before', '2025-01-31')).toBe('2025-01-31');
    expect(typedValue('active', 'within_days', '30')).toBe(30);
  });

  it('skips empty rows and maps refusals back to their rows', () => {
    const { conditions, rows } = conditionsFromForm(
      form({
        match: 'any',
        rule_field_0: '',
        rule_op_0: 'eq',
        rule_value_0: '',
        rule_field_1: 'plan',
        rule_op_1: 'eq',
        rule_value_1: 'Pro',
        rule_field_2: 'revenue',
        rule_op_2: 'gte',
        rule_value_2: 'lots',
      }),
    );
    expect(conditions).toEqual({
      match: 'any',
      rules: [
        { field: 'plan', op: 'eq', value: 'Pro' },
        { field: 'revenue', op: 'gte', value: 'lots' },
      ],
    });
    expect(rowErrors({ 'conditions.rules.1.value': 'Bad', 'conditions.match': 'M', name: 'N' }, rows)).toEqual({
      rule_value_2: 'Bad',
      'conditions.match': 'M',
      name: 'N',
    });
  });

  it('reads stored conditions defensively and shows lists as typed', () => {
    expect(storedConditions('nonsense')).toEqual({ match: 'all', rules: [] });
    expect(storedConditions({ match: 'any', rules: [null, { field: 'plan', op: 'eq', value: 'P' }] })).toEqual({
      match: 'any',
      rules: [{ field: 'plan', op: 'eq', value: 'P' }],
    });
    expect(valueText(['Pro', 'Enterprise'])).toBe('Pro,Enterprise');
    expect(valueText(undefined)).toBe('');
  });
});
