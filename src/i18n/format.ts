// Turns a message and its values into text: `{name}` placeholders, plural forms chosen by
// Intl.PluralRules from `count`, numbers through Intl.NumberFormat. Shared by the Worker and the islands.
import type { Locale } from './locales';

/** A message: plain text, or one text per plural category ("one", "other", "few"…), chosen by `count`. */
export type Message = string | Partial<Record<Intl.LDMLPluralRule, string>>;
export type Namespace = Record<string, Message>;
export type Messages = Record<string, Namespace>;
export type Values = Record<string, string | number>;

const pluralRules = new Map<Locale, Intl.PluralRules>();
const numberFormats = new Map<Locale, Intl.NumberFormat>();

function memo<T>(cache: Map<Locale, T>, locale: Locale, make: () => T): T {
  let value = cache.get(locale);
  if (!value) {
    value = make();
    cache.set(locale, value);
  }
  return value;
}

/** Below this, every locale Chorus speaks but those of NATIVE_DIGITS writes a whole number in plain ASCII
 * digits (a test holds each locale to it), so most counts skip Intl.NumberFormat: building the first one costs
 * a phone's browser tens of milliseconds of loading number data, on the main thread, as a page starts. */
const PLAIN_DIGITS_BELOW = 1000;
/** Persian writes its own digits (۱۲۳), as Intl does for `fa`. */
const NATIVE_DIGITS = new Set<Locale>(['fa']);

export function formatNumber(locale: Locale, value: number): string {
  const plain = Number.isInteger(value) && value >= 0 && value < PLAIN_DIGITS_BELOW;
  if (plain && !NATIVE_DIGITS.has(locale)) return String(value);
  return memo(numberFormats, locale, () => new Intl.NumberFormat(locale)).format(value);
}

/** The text of `message` for `values`; a missing placeholder value stays visible as `{name}`. */
export function formatMessage(locale: Locale, message: Message | undefined, values: Values = {}): string {
  if (message === undefined) return '';
  let text: string;
  if (typeof message === 'string') {
    text = message;
  } else {
    const count = Number(values.count ?? 0);
    const category = memo(pluralRules, locale, () => new Intl.PluralRules(locale)).select(count);
    // An exact zero form wins where a language has one ("No votes yet"), as ICU's =0 does.
    text = (count === 0 ? message.zero : undefined) ?? message[category] ?? message.other ?? '';
  }
  if (!text.includes('{')) return text;
  return text.replace(/\{(\w+)\}/g, (whole, name: string) => {
    const value = values[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(locale, value) : value;
  });
}
