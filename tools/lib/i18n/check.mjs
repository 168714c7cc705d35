// Compares every locale's message file with English (the source): missing and extra keys, placeholders
// that differ, plural forms a language needs but lacks, and English keys no code uses.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';

export const LOCALES_DIR = new URL('../../../locales/', import.meta.url).pathname;
const ROOT = new URL('../../../', import.meta.url).pathname;
/** Where messages are used: the site, its islands and stores, PocketBase's hooks, and the scripts. */
const CODE_DIRS = ['src', 'pb_hooks', 'pb_migrations'];

export function readLocale(code) {
  return JSON.parse(readFileSync(join(LOCALES_DIR, `${code}.json`), 'utf8'));
}

export function localeCodes() {
  return readdirSync(LOCALES_DIR)
    .filter((name) => name.endsWith('.json'))
    .map((name) => name.slice(0, -'.json'.length))
    .sort();
}

/** "ns.key" → message, for every message of a file. */
export function flatten(messages) {
  const entries = {};
  for (const [namespace, keys] of Object.entries(messages)) {
    for (const [key, message] of Object.entries(keys)) entries[`${namespace}.${key}`] = message;
  }
  return entries;
}

const placeholdersOf = (message) => {
  const texts = typeof message === 'string' ? [message] : Object.values(message);
  return [...new Set(texts.flatMap((text) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1])))].sort();
};

/** Problems of one translated locale against English; each is a sentence a translator can act on. */
export function compareLocale(code, english = flatten(readLocale('en')), translated = flatten(readLocale(code))) {
  const problems = { missing: [], extra: [], placeholders: [], plurals: [] };
  const categories = new Intl.PluralRules(code).resolvedOptions().pluralCategories;
  for (const [key, source] of Object.entries(english)) {
    const message = translated[key];
    if (message === undefined) {
      problems.missing.push(key);
      continue;
    }
    if (typeof source !== typeof message) {
      problems.plurals.push(`${key}: English has ${typeof source === 'string' ? 'one text' : 'plural forms'}`);
      continue;
    }
    const expected = placeholdersOf(source);
    const actual = placeholdersOf(message);
    // A plural form may leave {count} out ("one vote" written as a word), never add unknown ones.
    const unknown = actual.filter((name) => !expected.includes(name));
    const lost = expected.filter(
      (name) => !actual.includes(name) && !(name === 'count' && typeof message !== 'string'),
    );
    if (unknown.length || lost.length) {
      problems.placeholders.push(`${key}: expected {${expected.join('}, {')}}, found {${actual.join('}, {')}}`);
    }
    if (typeof message !== 'string') {
      // Every plural category the language has (Arabic: zero, one, two, few, many, other; Japanese: other).
      const lacking = categories.filter((category) => !(category in message));
      if (lacking.length) problems.plurals.push(`${key}: lacks the ${lacking.join(', ')} form(s)`);
    }
  }
  for (const key of Object.keys(translated)) if (!(key in english)) problems.extra.push(key);
  return problems;
}

function* codeFiles(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) yield* codeFiles(path);
    else if (/\.(astro|tsx?|m?js)$/.test(name)) yield path;
  }
}

/**
 * English keys no code mentions. A key counts as used where a file names its namespace and the key
 * as quoted strings; keys built at run time are declared in a comment: `i18n-keys: ns.prefix*`.
 */
export function unusedKeys(english = readLocale('en')) {
  const sources = CODE_DIRS.flatMap((dir) => [...codeFiles(join(ROOT, dir))]).map((path) => readFileSync(path, 'utf8'));
  const declared = sources.flatMap((text) =>
    [...text.matchAll(/i18n-keys:\s*([^\n*]*(?:\*[^\n]*)?)/g)].flatMap((m) => m[1].split(/[\s,]+/)),
  );
  const isDeclared = (full) =>
    declared.some(
      (pattern) => pattern && (pattern.endsWith('*') ? full.startsWith(pattern.slice(0, -1)) : pattern === full),
    );
  const quoted = (text, word) =>
    text.includes(`'${word}'`) || text.includes(`"${word}"`) || text.includes(`\`${word}\``);
  const unused = [];
  for (const [namespace, keys] of Object.entries(english)) {
    const users = sources.filter((text) => quoted(text, namespace));
    for (const key of Object.keys(keys)) {
      const full = `${namespace}.${key}`;
      if (!isDeclared(full) && !users.some((text) => quoted(text, key))) unused.push(full);
    }
  }
  return unused;
}
