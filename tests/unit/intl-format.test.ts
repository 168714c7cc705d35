// Intl's formatters are made once per language and options, and format as a new one would.
import { describe, expect, it } from 'vitest';
import { dateTimeFormat, numberFormat } from '../../src/lib/intl-format';

describe('Intl formatters made once', () => {
  it('gives back the same formatter for the same language and options, another for others', () => {
    const score = numberFormat('de', { maximumFractionDigits: 1 });
    expect(numberFormat('de', { maximumFractionDigits: 1 })).toBe(score);
    expect(numberFormat('en', { maximumFractionDigits: 1 })).not.toBe(score);
    expect(numberFormat('de', { maximumFractionDigits: 2 })).not.toBe(score);
    expect(dateTimeFormat('de', { dateStyle: 'medium' })).toBe(dateTimeFormat('de', { dateStyle: 'medium' }));
  });

  it('formats exactly as a formatter made for the call', () => {
    expect(numberFormat('de', { maximumFractionDigits: 1 }).format(1234.56)).toBe(
      new Intl.NumberFormat('de', { maximumFractionDigits: 1 }).format(1234.56),
    );
    expect(numberFormat('fr', { style: 'currency', currency: 'USD' }).format(12)).toBe(
      new Intl.NumberFormat('fr', { style: 'currency', currency: 'USD' }).format(12),
    );
    const day = new Date(Date.UTC(2027, 2, 15));
    const options: Intl.DateTimeFormatOptions = { month: 'long', year: 'numeric', timeZone: 'UTC' };
    expect(dateTimeFormat('ja', options).format(day)).toBe(new Intl.DateTimeFormat('ja', options).format(day));
    // A number format is not a date format, even with the same language and no options.
    expect(numberFormat('en')).not.toBe(dateTimeFormat('en') as unknown);
  });
});
