// Money as staff read it: US dollars in the page's language, whole dollars from $1,000 up, cents below.
import { describe, expect, it } from 'vitest';
import { formatMoney } from '../../src/features/customers/money';

describe('formatMoney', () => {
  it('writes dollars the way each language does', () => {
    expect(formatMoney('en', 12000)).toBe('$12,000');
    expect(formatMoney('en', 0)).toBe('$0');
    expect(formatMoney('en', 99.5)).toBe('$99.50');
    expect(formatMoney('en', 5000.5)).toBe('$5,001');
    expect(formatMoney('de', 12000).replace(/\s/g, ' ')).toBe('12.000 $');
    expect(formatMoney('ja', 12000)).toBe('$12,000');
    expect(formatMoney('fr', 1234567).replace(/\s/g, ' ')).toBe('1 234 567 $US');
  });
  it('never shows NaN', () => {
    expect(formatMoney('en', Number.NaN)).toBe('$0');
  });
});
