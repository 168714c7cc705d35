// An idea's possible duplicates, scored: ideas on any board whose titles share its words (the search's indexes,
// every script), plus ideas close in meaning where the site has an AI provider (ai/similar.js).
// Scores (all 0–1):
// - lexical: Jaccard overlap of the two titles' words (ideas/title-words.js).
// - semantic: the cosine similarity semanticNeighbours reports, 0 when unknown. Cosines of unrelated texts
//   are rarely near 0, so only the part above the model's floor counts as evidence, scaled so that the model's
//   `alone` cosine weighs THRESHOLD: meaning = THRESHOLD × (cosine − floor) ÷ (alone − floor), at most 1. Both
//   points come from the model's calibration (ai/thresholds.js; 0.6 and 0.8 make (cosine − 0.6) ÷ 0.4).
// - score: lexical alone without semantic evidence; with it, 1 − (1 − lexical)(1 − meaning): either signal
//   alone keeps its value, and two moderate ones add up (0.33 of the words and a cosine of 0.75 make 0.58).
// A pair is suggested at THRESHOLD (0.5) or more: half of the two titles' distinct words shared ("Export
// reports to CSV" / "Export report as CSV file": export, report, csv of 4 = 0.75), or the `alone` cosine.
// Lower, two-word titles sharing one word (1 of 3 = 0.33) would flood the queue; higher, a title reworded
// around its two key words would be missed. Merged ideas, unapproved ones (held, hidden) and the idea itself
// are never candidates; pairs already suggested, in any state, are left out by the caller.
const { toFtsAnyQuery } = require(`${__hooks}/ideas/search-query.js`);
const { wordsOf, overlap } = require(`${__hooks}/ideas/title-words.js`);
const { semanticNeighbours } = require(`${__hooks}/ai/similar.js`);
const { rowsOf } = require(`${__hooks}/platform/sql-rows.js`);

const THRESHOLD = 0.5;
/** The semantic neighbours asked for per idea. */
const SEMANTIC_LIMIT = 10;

const round = (value) => Math.round(value * 1000) / 1000;

/** The combined score of a pair (see above), with the model's `points` ({ floor, alone }, ai/thresholds.js). */
function combinedScore(lexical, semantic, points) {
  const { floor, alone } = points;
  const meaning = Math.max(0, Math.min(1, (THRESHOLD * (semantic - floor)) / (alone - floor)));
  return round(1 - (1 - lexical) * (1 - meaning));
}

/** The best matches an index gives, before the ones not eligible are left out. */
const WINDOW = 60;

const idsOf = (app, sql, params) => {
  const rows = rowsOf(app, sql, { id: '' }, params);
  return rows.map((row) => row.id);
};

/** Ids of ideas whose titles share any of `words`, best matches first (the eligible ones are picked later). */
function lexicalMatches(app, words) {
  const { words: anyWord, substrings, shortSubstrings } = toFtsAnyQuery(words.slice(0, 16));
  const found = [];
  if (anyWord) {
    const sql = `SELECT post_id AS id FROM posts_search_fts WHERE posts_search_fts MATCH {:q} ORDER BY rank LIMIT ${WINDOW}`;
    found.push(...idsOf(app, sql, { q: `{title} : (${anyWord})` }));
  }
  if (substrings) {
    const sql = `SELECT post_id AS id FROM posts_search_trigram WHERE posts_search_trigram MATCH {:q} ORDER BY rank LIMIT ${WINDOW}`;
    found.push(...idsOf(app, sql, { q: `{title} : (${substrings})` }));
  }
  for (const term of shortSubstrings.slice(0, 4)) {
    // only letters: no LIKE wildcards can be in a term
    const sql = `SELECT post_id AS id FROM posts_search_trigram WHERE title LIKE {:like} LIMIT ${WINDOW}`;
    found.push(...idsOf(app, sql, { like: `%${term}%` }));
  }
  return Array.from(new Set(found));
}

/** Ideas among `ids` that may be candidates (not the idea, not merged, approved), by id. */
function eligiblePosts(app, postId, ids) {
  if (ids.length === 0) return {};
  const byId = {};
  for (const record of app.findRecordsByIds('posts', ids)) {
    if (record.id !== postId && !record.getString('merged_into') && record.getBool('approved'))
      byId[record.id] = record;
  }
  return byId;
}

/**
 * The scored candidates of idea `post` (a posts record) at THRESHOLD or more, best first:
 * [{ id, lexical, semantic, score, shared: [words] }].
 */
function findCandidates(app, post) {
  const { thresholds, SAME_VECTOR } = require(`${__hooks}/ai/thresholds.js`);
  const points = thresholds();
  const words = wordsOf(post.getString('title'));
  const semanticById = {};
  // [] without a provider or before the idea is embedded: lexical evidence alone.
  for (const neighbour of semanticNeighbours(app, post.id, SEMANTIC_LIMIT)) {
    const score = Number(neighbour && neighbour.score);
    if (neighbour && neighbour.id && Number.isFinite(score))
      semanticById[neighbour.id] = Math.max(0, Math.min(1, score));
  }
  const ids = Array.from(new Set([...lexicalMatches(app, words), ...Object.keys(semanticById)]));
  const posts = eligiblePosts(app, post.id, ids);
  const found = [];
  for (const id of ids) {
    const other = posts[id];
    if (!other) continue;
    const { score: lexical, shared } = overlap(words, wordsOf(other.getString('title')));
    // The same vector for titles with other words: the model did not read them (ai/thresholds.js).
    const cosine = semanticById[id] || 0;
    const semantic = cosine >= SAME_VECTOR && lexical < 1 ? 0 : round(cosine);
    const score = combinedScore(lexical, semantic, points);
    if (score >= THRESHOLD)
      found.push({ id, lexical: round(lexical), semantic, score, shared, floor: points.floor, alone: points.alone });
  }
  return found.sort((a, b) => b.score - a.score);
}

/**
 * Why a pair was suggested, in English words: "shares the words export, csv; similar in meaning (0.83)"
 * (`floor`: the model's; the page says the same in the reader's language from `words` and `semantic`).
 */
function reasonOf({ shared, semantic, floor }) {
  const parts = [];
  if (shared.length > 0) parts.push(`shares the words ${shared.join(', ')}`);
  if (semantic > floor) parts.push(`similar in meaning (${semantic.toFixed(2)})`);
  return parts.join('; ').slice(0, 300);
}

/** Above this score the words speak for themselves (four of five shared): no need to ask the chat model. */
const SURE = 0.8;

/**
 * A borderline pair, worth the chat model's "are these the same need?" (duplicates/confirm.js): queued, but
 * neither by meaning alone (a cosine at or above the model's `alone` point) nor by words that speak for
 * themselves (a score of SURE or more).
 */
const isBorderline = ({ semantic, score, alone }) => semantic < alone && score < SURE;

module.exports = { THRESHOLD, combinedScore, findCandidates, reasonOf, isBorderline };
