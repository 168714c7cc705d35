// The list filter by a custom select field: only a public select field's own options become a condition,
// always as a bound value; unknown keys and options, other types and staff-only fields are left out.
import PocketBase from 'pocketbase';
import { describe, expect, it } from 'vitest';
import { type FieldDefinition, fieldFilter } from '../../src/features/custom-fields/custom-fields-data';

const field = (change: Partial<FieldDefinition>): FieldDefinition => ({
  id: 'f',
  key: 'area',
  label: 'Area',
  type: 'select',
  options: ['Billing', 'Reports', '" || 1=1 || "'],
  public: true,
  required: false,
  max_length: 0,
  ...change,
});

describe('fieldFilter', () => {
  it('binds a known option of a public select field', () => {
    const built = fieldFilter([field({})], { area: 'Billing' });
    expect(built).toEqual({ expression: 'fields.area = {:field_area}', params: { field_area: 'Billing' } });
    expect(new PocketBase('http://x').filter(built.expression, built.params)).toBe('fields.area = "Billing"');
  });

  it('keeps an option that looks like filter syntax a quoted value', () => {
    const built = fieldFilter([field({})], { area: '" || 1=1 || "' });
    expect(new PocketBase('http://x').filter(built.expression, built.params)).toBe('fields.area = "\\" || 1=1 || \\""');
  });

  it.each([
    ['an unknown option', [field({})], { area: 'Shipping' }],
    ['an unknown key', [field({})], { color: 'Billing' }],
    ['a staff-only field', [field({ public: false })], { area: 'Billing' }],
    ['a field of another type', [field({ type: 'multiselect' })], { area: 'Billing' }],
  ])('leaves out %s', (_name, definitions, chosen) => {
    expect(fieldFilter(definitions, chosen)).toEqual({ expression: '', params: {} });
  });
});
