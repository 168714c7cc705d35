// Money as staff read it (companies' monthly revenue, an idea's worth): US dollars, written the way the
// page's language writes them (Intl), whole dollars from $1,000 up.
import type { Locale } from '../../i18n/locales';

const formats = new Map<string, Intl.NumberFormat>();

export function formatMoney(locale: Locale, amount: number): string {
  const value = Number.isFinite(amount) ? amount : 0;
  const whole = Math.abs(value) >= 1000 || Number.isInteger(value);
  const key = `${locale}:${whole}`;
  let format = formats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(locale, {
      style: 'currency',
      currency: 'USD',
      maximumFractionDigits: whole ? 0 : 2,
      minimumFractionDigits: whole ? 0 : 2,
    });
    formats.set(key, format);
  }
  return format.format(value);
}
