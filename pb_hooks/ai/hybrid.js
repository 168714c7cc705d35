// Similar ideas for a title being typed (issue 38, GET /api/chorus/similar): the ideas sharing its words (the full-text
// index of search, ideas/search-query.js) fused with the ideas nearest in meaning (ai/similar.js) by reciprocal
// rank fusion, each list's rank r adding 1 / (60 + r). Words: at least half of the typed words of 3+ letters must
// match (any order; scripts without spaces: all, as search); an idea holding every one of them counts its rank
// twice, as if meaning agreed: a new idea the index has not embedded yet is still the first offered for its own
// words, ahead of ideas sharing one word that meaning also finds; meaning: only ideas at least the model's hint cosine
// close (ai/thresholds.js: calibrated per model by the bench), so unrelated ideas are not shown. Only ideas the
// caller may list (the posts list rule, as search: board visibility, approval), never a merged one. Without a
// provider: words alone.
const { toFtsQuery, matchesSql } = require(`${__hooks}/ideas/search-query.js`);
const { postVisibleSql } = require(`${__hooks}/platform/access.js`);
const { SAME_VECTOR, thresholds } = require(`${__hooks}/ai/thresholds.js`);
const { boundList } = require(`${__hooks}/platform/records.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

const RRF_K = 60;
/** How many of each list take part in the fusion. */
const CANDIDATES = 20;
/** Neighbours asked of the index (some are on boards the caller may not see). */
const NEIGHBOURS = 50;
/** How many of the best matches of any typed word are weighed for how many of the words they hold. */
const WORD_WINDOW = 300;

/** The least cosine for an idea to be offered by its meaning: the model's calibrated hint point. */
const minSimilarity = () => thresholds().hint;

const visibleSql = (params) =>
  "AND ({:board} = '' OR p.board = {:board}) AND (p.merged_into = '' OR p.merged_into IS NULL) " +
  `AND ${postVisibleSql({ post: 'p', board: 'b', person: '{:auth}', staff: '{:staff} = 1' })}` +
  (params.exclude ? ' AND p.id != {:exclude}' : '');

const idsOf = (app, sql, params) => {
  const found = rowsOf(app, sql, { id: '' }, params);
  return found.map((row) => row.id);
};

/** The visible ideas sharing the text's words, best first: [{ id, every }], `every` when it holds all of them. */
function byWords(app, text, params) {
  const fts = toFtsQuery(text);
  const { words, substrings, shortSubstrings } = fts;
  const bound = { ...params };
  let matches;
  /** How many words an idea holding them all matches (0: search's own matches, which hold every term). */
  let every = 0;
  if (substrings || shortSubstrings.length) {
    // Scripts without spaces: search's own matches (every term in the idea).
    matches = `SELECT post_id, r, 0 AS hits FROM (${matchesSql(fts, bound)})`;
  } else if (words) {
    // Each term is `"term"*` (toFtsQuery): short words ("a", "to") are left out unless nothing else was typed.
    const all = words.split(' ');
    const long = all.filter((term) => term.length - '""*'.length >= 3); // 3 letters or more
    const terms = long.length ? long : all;
    const need = Math.max(1, Math.ceil(terms.length / 2));
    const hits = terms.map((term, i) => {
      bound[`t${i}`] = term;
      return `(post_id IN (SELECT post_id FROM posts_search_fts WHERE posts_search_fts MATCH {:t${i}}))`;
    });
    bound.any = terms.join(' OR ');
    bound.need = need;
    // The best WORD_WINDOW by relevance only: a common word ("the") matches thousands on a big board.
    const best =
      'SELECT post_id, bm25(posts_search_fts, 0.0, 10.0, 1.0) AS r FROM posts_search_fts ' +
      `WHERE posts_search_fts MATCH {:any} ORDER BY r LIMIT ${WORD_WINDOW}`;
    every = terms.length;
    matches = `SELECT * FROM (SELECT post_id, r, ${hits.join(' + ')} AS hits FROM (${best})) WHERE hits >= {:need}`;
  } else return [];
  const found = rowsOf(
    app,
    `SELECT p.id AS id, c.hits AS hits FROM (${matches}) c JOIN posts p ON p.id = c.post_id ` +
      `JOIN boards b ON b.id = p.board WHERE 1 ${visibleSql(bound)} ` +
      `ORDER BY c.hits DESC, c.r, p.vote_count DESC LIMIT ${CANDIDATES}`,
    { id: '', hits: 0 },
    bound,
  );
  return found.map((row) => ({ id: row.id, every: row.hits === every }));
}

/** The visible ideas nearest in meaning, closest first: [{ id, score }]. */
function byMeaning(app, text, params) {
  const { similarToText } = require(`${__hooks}/ai/similar.js`);
  const floor = minSimilarity();
  const found = similarToText(app, text, { limit: NEIGHBOURS, excludeId: params.exclude });
  // Several ideas on the very same vector as the text: the model did not read that script; meaning says nothing.
  const ties = found.filter((one) => one.score >= SAME_VECTOR).length;
  const near = found.filter((one) => one.score >= floor && (ties < 2 || one.score < SAME_VECTOR));
  if (near.length === 0) return [];
  const bound = { ...params };
  const names = boundList(
    bound,
    'n',
    near.map((one) => one.id),
  );
  const visible = new Set(
    idsOf(
      app,
      `SELECT p.id AS id FROM posts p JOIN boards b ON b.id = p.board WHERE p.id IN (${names.join(', ')}) ${visibleSql(bound)}`,
      bound,
    ),
  );
  return near.filter((one) => visible.has(one.id)).slice(0, CANDIDATES);
}

/**
 * Up to `limit` ideas like `text` that the caller may see: [{ id, score, via: 'words' | 'meaning' | 'both' }],
 * score being the fused rank (higher is better). `meaning`: whether to ask the provider (configured, not limited).
 */
function similarIdeas(app, text, { board = '', auth = '', staff = false, limit = 3, exclude = '', meaning = true }) {
  const params = { board, auth, staff: staff ? 1 : 0, exclude };
  const fused = new Map();
  const add = (id, rank, via, weight = 1) => {
    const one = fused.get(id) ?? { id, score: 0, via };
    one.score += weight / (RRF_K + rank + 1);
    if (one.via !== via) one.via = 'both';
    fused.set(id, one);
  };
  byWords(app, text, params).forEach((one, rank) => {
    add(one.id, rank, 'words', one.every ? 2 : 1);
  });
  if (meaning) {
    byMeaning(app, text, params).forEach((one, rank) => {
      add(one.id, rank, 'meaning');
    });
  }
  return Array.from(fused.values())
    .sort((a, b) => b.score - a.score)
    .slice(0, limit)
    .map((one) => ({ ...one, score: Math.round(one.score * 1e6) / 1e6 }));
}

module.exports = { similarIdeas, minSimilarity };
