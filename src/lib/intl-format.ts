// Intl's formatters, made once per language and options and then reused: making one costs tens of microseconds
// (a moderator's home made one per idea card for its score, about a millisecond a view), using one about one.
// Bounded by the code: a handful of option sets, written in the callers, times the site's languages.

const made = new Map<string, Intl.NumberFormat | Intl.DateTimeFormat>();

/** `new Intl.NumberFormat(locale, options)`, made once. */
export function numberFormat(locale: string, options: Intl.NumberFormatOptions = {}): Intl.NumberFormat {
  return reused(`n ${locale} ${JSON.stringify(options)}`, () => new Intl.NumberFormat(locale, options));
}

/** `new Intl.DateTimeFormat(locale, options)`, made once. */
export function dateTimeFormat(locale: string, options: Intl.DateTimeFormatOptions = {}): Intl.DateTimeFormat {
  return reused(`d ${locale} ${JSON.stringify(options)}`, () => new Intl.DateTimeFormat(locale, options));
}

function reused<T extends Intl.NumberFormat | Intl.DateTimeFormat>(key: string, make: () => T): T {
  let format = made.get(key) as T | undefined;
  if (!format) {
    format = make();
    made.set(key, format);
  }
  return format;
}
