// Turns what someone typed into an FTS5 query: every word must match, each as a prefix
// ("dark mo" finds "dark mode"). Punctuation and FTS operators are dropped, so input cannot break it.
module.exports.toFtsQuery = (text) => {
  const words = String(text || '')
    .toLowerCase()
    .split(/[^0-9a-z\u00c0-\uffff]+/)
    .filter(Boolean)
    .slice(0, 8);
  return words.map((word) => `"${word}"*`).join(' ');
};
