// The hooks' words: reads locales/<code>.json (the same files as the site), formats `{name}` placeholders,
// plurals and numbers the way src/i18n/format.ts does (PocketBase's JS engine has no Intl, so the rules of
// the 22 locales are written out here), and picks the language for a recipient or a request.
// The codes and directions, written once for both runtimes (src/contract/locales.ts).
const { LOCALES, RIGHT_TO_LEFT } = require(`${__hooks}/platform/contract/locales.js`);
const SOURCE_LOCALE = 'en';
const MAX_ACCEPT_LANGUAGE = 1000;

const isLocale = (value) => typeof value === 'string' && LOCALES.indexOf(value) !== -1;
const directionOf = (locale) => (RIGHT_TO_LEFT.indexOf(locale) !== -1 ? 'rtl' : 'ltr');

// ---- plural categories, as Intl.PluralRules (CLDR) chooses them ----

const isMillionMultiple = (i, v) => v === 0 && i !== 0 && i % 1000000 === 0;

/** The CLDR plural category of `count` in `locale` (one of zero, one, two, few, many, other). */
function pluralCategory(locale, count) {
  const n = Math.abs(Number(count));
  if (!Number.isFinite(n)) return 'other';
  const i = Math.floor(n);
  const v = n === i ? 0 : 1; // visible fraction digits: only "none" or "some" matters for these rules
  const last = i % 10;
  const lastTwo = i % 100;
  switch (locale) {
    case 'en':
    case 'de':
    case 'nl':
    case 'sv':
      return i === 1 && v === 0 ? 'one' : 'other';
    case 'tr':
      return n === 1 ? 'one' : 'other';
    case 'fa':
      return i === 0 || n === 1 ? 'one' : 'other';
    case 'ru':
    case 'uk':
      if (v !== 0) return 'other';
      if (last === 1 && lastTwo !== 11) return 'one';
      if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'few';
      return 'many';
    case 'pl':
      if (v !== 0) return 'other';
      if (i === 1) return 'one';
      if (last >= 2 && last <= 4 && (lastTwo < 12 || lastTwo > 14)) return 'few';
      return 'many';
    case 'cs':
      if (v !== 0) return 'many';
      if (i === 1) return 'one';
      return i >= 2 && i <= 4 ? 'few' : 'other';
    case 'it':
    case 'es':
      if (locale === 'es' ? n === 1 : i === 1 && v === 0) return 'one';
      return isMillionMultiple(i, v) ? 'many' : 'other';
    case 'fr':
    case 'pt-BR':
      if (i === 0 || i === 1) return 'one';
      return isMillionMultiple(i, v) ? 'many' : 'other';
    case 'ar': {
      if (v !== 0) return 'other';
      const hundreds = n % 100;
      if (n === 0) return 'zero';
      if (n === 1) return 'one';
      if (n === 2) return 'two';
      if (hundreds >= 3 && hundreds <= 10) return 'few';
      if (hundreds >= 11 && hundreds <= 99) return 'many';
      return 'other';
    }
    case 'he':
      if ((i === 1 && v === 0) || (i === 0 && v !== 0)) return 'one';
      return i === 2 && v === 0 ? 'two' : 'other';
    default:
      return 'other';
  }
}

// ---- numbers, as Intl.NumberFormat(locale) writes them (at most 3 fraction digits) ----

const NBSP = '\u00a0';
const GROUP = {
  de: '.',
  es: '.',
  'pt-BR': '.',
  it: '.',
  nl: '.',
  tr: '.',
  vi: '.',
  id: '.',
  fr: '\u202f',
  sv: NBSP,
  pl: NBSP,
  cs: NBSP,
  ru: NBSP,
  uk: NBSP,
  fa: '\u066c',
};
const DECIMAL = {
  de: ',',
  es: ',',
  'pt-BR': ',',
  it: ',',
  fr: ',',
  nl: ',',
  sv: ',',
  pl: ',',
  cs: ',',
  tr: ',',
  ru: ',',
  uk: ',',
  vi: ',',
  id: ',',
  fa: '\u066b',
};
// Spanish, Italian and Polish leave four-digit numbers ungrouped (1000, but 10.000).
const MIN_GROUPING = { es: 2, it: 2, pl: 2 };
// Swedish and Persian write the minus sign (U+2212), not a hyphen; Persian writes its own digits.
const MINUS = { sv: '\u2212', fa: '\u2212' };
const PERSIAN_DIGITS = '۰۱۲۳۴۵۶۷۸۹';

function formatNumber(locale, value) {
  const number = Number(value);
  if (!Number.isFinite(number)) return String(value);
  const [whole, fraction = ''] = Math.abs(number)
    .toFixed(3)
    .replace(/\.?0+$/, '')
    .split('.');
  const grouped =
    whole.length >= 4 + ((MIN_GROUPING[locale] || 1) - 1)
      ? whole.replace(/\B(?=(\d{3})+(?!\d))/g, GROUP[locale] || ',')
      : whole;
  const latin = fraction ? `${grouped}${DECIMAL[locale] || '.'}${fraction}` : grouped;
  const text = locale === 'fa' ? latin.replace(/[0-9]/g, (digit) => PERSIAN_DIGITS[digit]) : latin;
  if (number >= 0 || latin === '0') return text;
  // Arabic, Persian and Hebrew keep the minus sign left of the digits with a left-to-right mark.
  return `${RIGHT_TO_LEFT.indexOf(locale) !== -1 ? '\u200e' : ''}${MINUS[locale] || '-'}${text}`;
}

/** The text of `message` (a string or plural forms) for `values`; a missing value stays visible as `{name}`. */
function formatMessage(locale, message, values) {
  if (message === undefined || message === null) return '';
  const given = values || {};
  let text;
  if (typeof message === 'string') {
    text = message;
  } else {
    const count = Number(given.count === undefined ? 0 : given.count);
    // An exact zero form wins where a language has one ("No votes yet"), as in src/i18n/format.ts.
    const zero = count === 0 ? message.zero : undefined;
    text = zero !== undefined ? zero : message[pluralCategory(locale, count)];
    if (text === undefined) text = message.other || '';
  }
  return text.replace(/\{(\w+)\}/g, (whole, name) => {
    const value = given[name];
    if (value === undefined) return whole;
    return typeof value === 'number' ? formatNumber(locale, value) : String(value);
  });
}

// ---- the message files ----

const loaded = {};

/** Where the message files are: CHORUS_LOCALES_DIR, else `locales/` beside the hooks folder. */
function localesDir() {
  const configured = typeof $os !== 'undefined' ? $os.getenv('CHORUS_LOCALES_DIR') : '';
  return configured || `${__hooks}/../locales`;
}

function readLocaleFile(locale) {
  return JSON.parse(toString($os.readFile(`${localesDir()}/${locale}.json`)));
}

/** One locale's messages laid over English (a key a translation lacks reads in English); cached per engine. */
function messagesOf(locale) {
  const code = isLocale(locale) ? locale : SOURCE_LOCALE;
  if (loaded[code]) return loaded[code];
  if (!loaded[SOURCE_LOCALE]) loaded[SOURCE_LOCALE] = readLocaleFile(SOURCE_LOCALE);
  const english = loaded[SOURCE_LOCALE];
  if (code === SOURCE_LOCALE) return english;
  let translation = {};
  try {
    translation = readLocaleFile(code);
  } catch {
    // A missing or broken translation reads English rather than failing the email or request.
  }
  const merged = {};
  for (const namespace in english) merged[namespace] = Object.assign({}, english[namespace], translation[namespace]);
  loaded[code] = merged;
  return merged;
}

/** `translate('ja', 'emailNotification', 'commentSubject', { idea })`, or `ns.key` when unknown. */
function translate(locale, namespace, key, values) {
  const message = messagesOf(locale)[namespace]?.[key];
  if (message === undefined) return `${namespace}.${key}`;
  return formatMessage(isLocale(locale) ? locale : SOURCE_LOCALE, message, values);
}

/** A translator bound to one locale and namespace: `const t = translator('de', 'emailAuth'); t('hello')`. */
function translator(locale, namespace) {
  return (key, values) => translate(locale, namespace, key, values);
}

// ---- which language ----

/** The supported locale a language tag means ("pt-PT" → pt-BR, "zh-Hans-CN" → zh-CN, "zh-HK" → zh-TW), or null. */
function localeOfTag(tag) {
  const lower = String(tag).trim().toLowerCase();
  if (!lower || lower === '*') return null;
  for (const locale of LOCALES) if (locale.toLowerCase() === lower) return locale;
  const language = lower.split('-')[0];
  if (language === 'zh' && /-(hant|tw|hk|mo)\b/.test(lower)) return 'zh-TW';
  for (const locale of LOCALES) if (locale.toLowerCase().split('-')[0] === language) return locale;
  return null;
}

/** The best supported locale for an Accept-Language header, or null (also for garbage or a huge header). */
function negotiateLocale(header) {
  if (!header || typeof header !== 'string' || header.length > MAX_ACCEPT_LANGUAGE) return null;
  const ranked = header
    .split(',')
    .slice(0, 20)
    .map((part, index) => {
      const pieces = part.split(';');
      let q = 1;
      for (const param of pieces.slice(1)) {
        const match = /^\s*q=([0-9.]+)\s*$/.exec(param);
        if (match) q = Number(match[1]);
      }
      return { tag: pieces[0], q, index };
    })
    .filter((entry) => entry.q > 0 && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  for (const entry of ranked) {
    const locale = localeOfTag(entry.tag);
    if (locale) return locale;
  }
  return null;
}

/** The site's default language (`site.default_locale`), else English. */
function siteLocale(app) {
  try {
    const locale = app.findFirstRecordByFilter('site', "id != ''").getString('default_locale');
    return isLocale(locale) ? locale : SOURCE_LOCALE;
  } catch {
    return SOURCE_LOCALE;
  }
}

/** The language of emails to `user` (a users record): their own choice, else the site's. */
function recipientLocale(app, user) {
  const own = user && user.collection().name === 'users' ? user.getString('locale') : '';
  return isLocale(own) ? own : siteLocale(app);
}

/** The request's Accept-Language: from the router's request, or (record request events, whose embedded
 * request the JS engine does not reach) from the request info PocketBase already read for the record. */
function acceptLanguageOf(e) {
  if (e.request) return e.request.header.get('Accept-Language');
  try {
    return e.requestInfo().headers.accept_language || '';
  } catch {
    return '';
  }
}

/** The language to answer a request in: its Accept-Language (the site sends the page's), else the
 * signed-in member's, else the site's. */
function requestLocale(e) {
  const negotiated = negotiateLocale(acceptLanguageOf(e));
  if (negotiated) return negotiated;
  const auth = e.auth;
  const own = auth && auth.collection().name === 'users' ? auth.getString('locale') : '';
  return isLocale(own) ? own : siteLocale(e.app);
}

module.exports = {
  LOCALES,
  SOURCE_LOCALE,
  isLocale,
  directionOf,
  pluralCategory,
  formatNumber,
  formatMessage,
  messagesOf,
  translate,
  translator,
  negotiateLocale,
  siteLocale,
  recipientLocale,
  requestLocale,
};
