// Turns what someone typed into search terms for every script: words for the unicode61 index, substrings for the trigram index.
// Words ("dark mo") must all match, each as a prefix of a word in the idea. Scripts written without spaces
// (Chinese, Japanese, Korean, Thai, Lao, Khmer, Myanmar) have no word boundaries the unicode61 tokenizer can
// see, so a term containing them must appear as a substring instead: 3+ characters through the trigram
// index, 1–2 characters (e.g. 模式) through LIKE on the same table. Hebrew niqqud, Arabic tashkeel and
// tatweel are removed as the index removes them (migration 1763990000), so "كتاب" finds "كِتَاب".
// Punctuation, symbols, emoji and FTS operators are separators, so input cannot change the query's meaning.
// Goja (PocketBase's JS engine) has no \p{…} classes, hence the explicit ranges.

const SEPARATORS = new RegExp(
  '[' +
    '\\u0000-\\u002f\\u003a-\\u0040\\u005b-\\u0060\\u007b-\\u00bf\\u00d7\\u00f7' + // ASCII, Latin-1 punctuation and symbols
    '\\u055a-\\u055f\\u0589\\u05be\\u05c0\\u05c3\\u05c6\\u05f3\\u05f4' + // Armenian, Hebrew punctuation
    '\\u060c\\u060d\\u061b\\u061f\\u066a-\\u066d\\u06d4' + // Arabic punctuation
    '\\u2000-\\u2bff\\u2e00-\\u2e7f\\u3000-\\u303f' + // spaces, punctuation, arrows, math, shapes, dingbats; CJK punctuation
    '\\ufe00-\\ufe6f\\ufeff\\uff01-\\uff0f\\uff1a-\\uff20\\uff3b-\\uff40\\uff5b-\\uff65' + // variation selectors, full-width punctuation
    '\\u{1f000}-\\u{1faff}\\u{e0000}-\\u{e007f}' + // emoji, tag characters
    ']+',
  'u',
);
/** Hebrew points and cantillation, Arabic harakat/Quranic marks and tatweel: the index strips the same set. */
const RTL_MARKS =
  /[\u0591-\u05bd\u05bf\u05c1\u05c2\u05c4\u05c5\u05c7\u0610-\u061a\u0640\u064b-\u065f\u0670\u06d6-\u06dc\u06df-\u06e4\u06e7\u06e8\u06ea-\u06ed]/g;
const UNSPACED_SCRIPT =
  /[\u0e00-\u0eff\u1000-\u109f\u1100-\u11ff\u1780-\u17ff\u3040-\u30ff\u3130-\u318f\u31f0-\u31ff\u3400-\u4dbf\u4e00-\u9fff\uac00-\ud7af\uf900-\ufaff\uff66-\uff9f\u{20000}-\u{3134f}]/u;
const MAX_TERMS = 8;
/** The search ranks this many of the best matches past the page it shows, not every match. */
const RANKED_WINDOW = 1000;
/** The search counts the matches up to this many. */
const COUNT_CAP = 1000;
const MAX_TERM_CHARS = 64;

/** The text as lower-case terms without marks, in order, at most `max` (8: what a search takes). */
const termsOf = (text, max = MAX_TERMS) =>
  String(text || '')
    .normalize('NFC')
    .toLowerCase()
    .replace(RTL_MARKS, '')
    .split(SEPARATORS)
    .filter(Boolean)
    .slice(0, max)
    .map((term) => Array.from(term).slice(0, MAX_TERM_CHARS).join(''));

/** Is `term` written in a script without spaces between words (matched as substrings, not words)? */
const isUnspaced = (term) => UNSPACED_SCRIPT.test(term);

/**
 * @returns {{ words: string, substrings: string, shortSubstrings: string[] }} `words`: an FTS5 query for the
 * unicode61 table (every word as a prefix), `substrings`: an FTS5 query for the trigram table, `shortSubstrings`:
 * terms too short for trigrams, matched with LIKE. All empty when nothing searchable was typed.
 */
module.exports.toFtsQuery = (text) => {
  const words = [];
  const substrings = [];
  const shortSubstrings = [];
  for (const term of termsOf(text)) {
    if (!isUnspaced(term)) words.push(`"${term}"*`);
    else if (Array.from(term).length >= 3) substrings.push(`"${term}"`);
    else shortSubstrings.push(term);
  }
  return { words: words.join(' '), substrings: substrings.join(' '), shortSubstrings };
};
/**
 * The same indexes asked for ideas sharing ANY of `terms` (already normalized, e.g. by termsOf): `words` every
 * spaced term as a prefix, ORed; `substrings` every 3-character piece of the unspaced terms, ORed (a long
 * term need not appear whole); `shortSubstrings` the unspaced terms of 1–2 characters, for LIKE. Used to find
 * an idea's possible duplicates (duplicates/candidates.js).
 */
module.exports.toFtsAnyQuery = (terms) => {
  const words = [];
  const substrings = new Set();
  const shortSubstrings = [];
  for (const term of terms) {
    const chars = Array.from(term);
    if (!isUnspaced(term)) words.push(`"${term}"*`);
    else if (chars.length < 3) shortSubstrings.push(term);
    else for (let i = 0; i + 3 <= chars.length; i += 1) substrings.add(`"${chars.slice(i, i + 3).join('')}"`);
  }
  return { words: words.join(' OR '), substrings: Array.from(substrings).join(' OR '), shortSubstrings };
};
module.exports.isUnspaced = isUnspaced;
module.exports.RANKED_WINDOW = RANKED_WINDOW;
module.exports.COUNT_CAP = COUNT_CAP;
module.exports.termsOf = termsOf;

/**
 * The matches of a toFtsQuery result as SQL of (post_id, r), r ordering them best (lowest) first, its parameters
 * (words, substrings, like<i>) added to `params`: the word index for spaced scripts; for unspaced ones the trigram
 * index (LIKE under 3 characters) with every term in the idea, and any words typed matching the word index too.
 * Search (pb_hooks/ideas/search.pb.js) and similar ideas (ai/hybrid.js) read the same matches.
 */
module.exports.matchesSql = (fts, params) =>
  matchesOf(fts, params, (table, rank) => `${table}.post_id AS post_id, ${rank} AS r`);

/**
 * The same matches as SQL of (row) for a broad search (pb_hooks/ideas/search.pb.js), read in descending `row`: the
 * most voted band first, newest first within it (the index rows' numbering: migration 1764880000), so reading
 * stops after the page and the count, and no score is computed. `whole`: the words typed as whole words, not
 * prefixes. FTS5 reads a word's list of ideas lazily, as far as asked, but gathers every idea of every word a
 * prefix begins before the first one (a common word on a big board: all its ideas, ~1 ms natively per 10,000).
 */
module.exports.broadSql = (fts, params, whole = false) => {
  const words = whole ? fts.words.replaceAll('"*', '"') : fts.words;
  return matchesOf({ ...fts, words }, params, (table) => `${table}.rowid AS row`, whole ? 'whole' : 'words');
};
/** Does the query match some words as prefixes (so its whole words find fewer ideas, sooner)? */
module.exports.hasPrefixes = (fts) => fts.words.includes('"*');
/** SQL of the posts_search_rows number (seq) in an index row's number `row`: its low 40 bits. */
module.exports.seqOfRow = (row) => `(${row} & 1099511627775)`;

/** The matches' SQL, selecting `columns(table, score)`; its parameters added to `params` (the words as `wordsParam`). */
const matchesOf = ({ words, substrings, shortSubstrings }, params, columns, wordsParam = 'words') => {
  if (words) params[wordsParam] = words;
  if (!substrings && shortSubstrings.length === 0) {
    const table = 'posts_search_fts';
    return (
      `SELECT ${columns(table, `bm25(${table}, 0.0, 10.0, 1.0)`)} FROM ${table} ` +
      `WHERE ${table} MATCH {:${wordsParam}}`
    );
  }
  const rank = substrings ? 'bm25(posts_search_trigram, 0.0, 10.0, 1.0)' : '-(g.title LIKE {:like0})';
  let sql = `SELECT ${columns('g', rank)} FROM posts_search_trigram g WHERE 1 `;
  if (substrings) {
    params.substrings = substrings;
    sql += 'AND posts_search_trigram MATCH {:substrings} ';
  }
  shortSubstrings.forEach((term, i) => {
    params[`like${i}`] = `%${term}%`; // only letters: no LIKE wildcards can be in a term
    sql += `AND (g.title LIKE {:like${i}} OR g.body LIKE {:like${i}}) `;
  });
  if (words) {
    // Both indexes number an idea's rows alike (migration 1764880000), so no post_id is read to compare; `+`
    // keeps SQLite from handing the list to the trigram index as rowids to look up, one MATCH each (60 s).
    sql += `AND +g.rowid IN (SELECT rowid FROM posts_search_fts WHERE posts_search_fts MATCH {:${wordsParam}}) `;
  }
  return sql;
};
