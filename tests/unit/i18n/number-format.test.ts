// Small whole numbers skip Intl.NumberFormat (src/i18n/format.ts): that holds only while every locale
// writes them exactly as plain digits, which this checks against Intl for each one.
import { describe, expect, it } from 'vitest';
import { formatNumber } from '../../../src/i18n/format';
import { LOCALES } from '../../../src/i18n/locales';

describe('formatting a number', () => {
  for (const locale of LOCALES) {
    it(`gives what Intl gives in ${locale}, below 1,000 and above`, () => {
      const intl = new Intl.NumberFormat(locale);
      for (let n = 0; n < 1000; n++) expect(formatNumber(locale, n)).toBe(intl.format(n));
      for (const n of [1000, 1234, 99999, 1234567, -1, -999, 2.5, 0.1])
        expect(formatNumber(locale, n)).toBe(intl.format(n));
    });
  }
});
