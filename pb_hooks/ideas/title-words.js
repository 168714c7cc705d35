// How alike two ideas' titles are by their words, in every script: the lexical half of a duplicate's score.
// A title's words are the search's terms (ideas/search-query.js: lower case, marks removed, punctuation
// as separators), minus words of one or two letters ("to", "as", "de": too common to say anything), with a
// plural's final s dropped ("reports" = "report"). Scripts written without spaces (Chinese, Japanese, Korean,
// Thai…) have no words to split: their text counts as overlapping pairs of characters (bigrams), the size
// of most Chinese and Japanese words. Overlap is Jaccard's: shared ÷ all distinct, 0–1.
const { termsOf, isUnspaced } = require(`${__hooks}/ideas/search-query.js`);

const MAX_WORDS = 24;

function stem(word) {
  const chars = Array.from(word);
  if (chars.length <= 2) return '';
  if (chars.length > 3 && word.endsWith('s') && !word.endsWith('ss')) return chars.slice(0, -1).join('');
  return word;
}

/** A title's comparable units: stemmed words, and character bigrams of unspaced text. */
function wordsOf(text) {
  const units = new Set();
  for (const term of termsOf(text, MAX_WORDS)) {
    if (!isUnspaced(term)) {
      const word = stem(term);
      if (word) units.add(word);
      continue;
    }
    const chars = Array.from(term);
    if (chars.length === 1) units.add(term);
    for (let i = 0; i + 2 <= chars.length; i += 1) units.add(chars[i] + chars[i + 1]);
  }
  return Array.from(units);
}

/** { score: Jaccard overlap 0–1, shared: the units both have, in `a`'s order }. */
function overlap(a, b) {
  const other = new Set(b);
  const shared = a.filter((unit) => other.has(unit));
  const all = new Set([...a, ...b]).size;
  return { score: all === 0 ? 0 : shared.length / all, shared };
}

module.exports = { wordsOf, overlap };
