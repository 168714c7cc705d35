// Calibration per model (issue 61), its one derivation: the three cosines of ai/thresholds.js derived from the
// labelled pairs (calibration/pairs.json) and one model's vectors of them, and the precision and recall any points give
// on those pairs. Pure (no app, no provider): the bench loads this file as PocketBase does
// (tools/lib/bench/calibrate.mjs) and an admin's run calls it in the hooks (calibration/run.js).
// Each idea is embedded as the index embeds it (title, blank line, body); "unrelated" are the cosines of ideas from
// different pairs (every a against every other pair's b), what any two ideas of a board score. A queue sees every
// pair of a board's ideas, so its points sit in the tail of those:
// - floor: the 99th percentile of unrelated cosines: above it, a cosine says more than "both are feedback";
// - hint: the lowest cosine where the labelled pairs above it are at least half duplicates, and not under the 75th
//   percentile of unrelated cosines (at most a quarter of a board's ideas reach it before ranking picks 3);
// - alone: the lowest cosine from the floor up where the labelled pairs whose titles share no word (only meaning
//   can find those) are at least 90% duplicates, and not under the 99.9th percentile of unrelated cosines (on a
//   board of 1,000 ideas, still about 500 unrelated pairs above it); 1 when no cosine gets there (meaning never
//   queues a pair by itself, it only adds to shared words).
// Two different texts with the same vector (cosine 0.9995 or more) were not read by the model (a script it has no
// words for): they are left out of the derivation, and the hooks ignore such ties too.
const words = require(`${__hooks}/ideas/title-words.js`);

const TARGET_QUEUE_PRECISION = 0.9;
const TARGET_HINT_PRECISION = 0.5;
const SAME_VECTOR = 0.9995;
/** Where the labelled pairs are, for the hooks ($os.readFile) and the bench and tests (the same file). */
const PAIRS_FILE = 'calibration/pairs.json';

/** The text an idea of the pairs is embedded from (as ai/indexer.js embeds a board's). */
const textOf = (idea) => `${idea.title.trim()}\n\n${(idea.body || '').replace(/\s+/g, ' ').trim()}`.trim();

/** Every text to embed, a then b, pair by pair. */
const textsOf = (pairs) => pairs.flatMap((pair) => [textOf(pair.a), textOf(pair.b)]);

/** Whether two titles share no word (in the hooks' sense: every script). */
const shareNoWord = (a, b) => words.overlap(words.wordsOf(a), words.wordsOf(b)).shared.length === 0;

/** `vector` scaled to length 1 (so a cosine is a dot product), as a plain array. */
function unit(vector) {
  let norm = 0;
  for (let i = 0; i < vector.length; i += 1) norm += vector[i] * vector[i];
  norm = Math.sqrt(norm);
  const out = new Array(vector.length);
  for (let i = 0; i < vector.length; i += 1) out[i] = norm ? vector[i] / norm : 0;
  return out;
}

function dot(a, b) {
  let sum = 0;
  for (let i = 0; i < a.length; i += 1) sum += a[i] * b[i];
  return sum;
}

const cosine = (a, b) => dot(unit(a), unit(b));

const percentile = (sorted, p) => sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
const round = (n) => Math.round(n * 1000) / 1000;
const roundAll = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v)]));

/** Precision and recall of "cosine ≥ t" over `scored` ([{ duplicate, cosine }]). */
function at(scored, t) {
  const above = scored.filter((one) => one.cosine >= t);
  const tp = above.filter((one) => one.duplicate).length;
  const positives = scored.filter((one) => one.duplicate).length;
  return {
    precision: above.length ? tp / above.length : 1,
    recall: positives ? tp / positives : 0,
    above: above.length,
  };
}

/** The lowest cosine (by steps of 0.01 from `from`) where `scored` reaches `precision`, or null. */
function lowestWith(scored, precision, from) {
  for (let t = Math.max(0, from); t <= 1.0001; t += 0.01) {
    const here = at(scored, t);
    if (here.above > 0 && here.precision >= precision) return round(t);
  }
  return null;
}

/** Every a·b of two lists of unit vectors, row by row (out[i × bs.length + j]); the hooks pass Go's ($vectors.dots). */
function jsDots(as, bs) {
  const out = new Float64Array(as.length * bs.length);
  for (let i = 0; i < as.length; i += 1) {
    for (let j = 0; j < bs.length; j += 1) out[i * bs.length + j] = dot(as[i], bs[j]);
  }
  return out;
}

/**
 * The labelled pairs scored with one model's `vectors` (two a pair, a then b, in order): { scored, unread,
 * unrelated } where scored is [{ pair, duplicate, cosine, noWord, lexical }] without the pairs the model did not
 * read, and unrelated the sorted cosines of ideas from different pairs. `dots`: how to multiply every a with every
 * b (a JavaScript VM is too slow for the 170,000 products of 414 pairs; the hooks give Go's).
 */
function scoreAll(pairs, vectors, { dots = jsDots } = {}) {
  const units = vectors.map(unit);
  const scored = [];
  let unread = 0;
  pairs.forEach((pair, i) => {
    const value = dot(units[2 * i], units[2 * i + 1]);
    if (value >= SAME_VECTOR && textOf(pair.a) !== textOf(pair.b)) unread += 1;
    else {
      const shared = words.overlap(words.wordsOf(pair.a.title), words.wordsOf(pair.b.title));
      scored.push({
        pair,
        duplicate: pair.duplicate,
        cosine: value,
        noWord: shared.shared.length === 0,
        lexical: shared.score,
      });
    }
  });
  const n = pairs.length;
  const all = dots(
    pairs.map((_, i) => units[2 * i]),
    pairs.map((_, i) => units[2 * i + 1]),
  );
  const unrelated = [];
  for (let i = 0; i < n; i += 1) {
    for (let j = 0; j < n; j += 1) {
      if (j === i) continue;
      const value = all[i * n + j];
      if (value < SAME_VECTOR) unrelated.push(value);
    }
  }
  return { scored, unread, unrelated: Float64Array.from(unrelated).sort() };
}

/**
 * Precision and recall on the labelled pairs at `points` ({ hint, floor, alone }): `hints`, an idea offered by its
 * meaning while typing (cosine ≥ hint); `queue`, a pair the staff queue would suggest (duplicates/candidates.js
 * combinedScore of the titles' shared words and the cosine, at its THRESHOLD).
 */
function figuresAt({ scored }, points) {
  const { combinedScore, THRESHOLD } = require(`${__hooks}/duplicates/candidates.js`);
  const hints = at(scored, points.hint);
  const queued = scored.map((one) => ({
    duplicate: one.duplicate,
    cosine: combinedScore(one.lexical, one.cosine, points) >= THRESHOLD ? 1 : 0,
  }));
  const queue = at(queued, 1);
  return {
    hints: { precision: round(hints.precision), recall: round(hints.recall) },
    queue: { precision: round(queue.precision), recall: round(queue.recall) },
  };
}

/**
 * The points for one model from `pairs` and `vectors` (two a pair, a then b, in order), or from `scores`
 * (scoreAll's answer, computed once). Returns { hint, floor, alone, figures } where figures are what the bench
 * prints and the calibration table keeps.
 */
function derive(pairs, vectors, scores = scoreAll(pairs, vectors)) {
  const { scored, unread, unrelated } = scores;
  const floor = round(percentile(unrelated, 0.99));
  const hintLow = round(percentile(unrelated, 0.75));
  const hint = Math.max(hintLow, lowestWith(scored, TARGET_HINT_PRECISION, 0) ?? 1);
  const aloneLow = round(percentile(unrelated, 0.999));
  const noWord = scored.filter((one) => one.noWord);
  const alone = Math.max(aloneLow, lowestWith(noWord, TARGET_QUEUE_PRECISION, floor) ?? 1, floor + 0.01);
  const figures = {
    pairs: pairs.length,
    unread,
    unrelated: { p50: round(percentile(unrelated, 0.5)), p75: hintLow, p99: floor, p999: aloneLow },
    hint: { ...roundAll(at(scored, hint)) },
    alone: { ...roundAll(at(noWord, alone)), noWordPairs: noWord.length },
  };
  return { hint: round(hint), floor, alone: round(Math.min(1, alone)), figures };
}

module.exports = {
  PAIRS_FILE,
  SAME_VECTOR,
  TARGET_HINT_PRECISION,
  TARGET_QUEUE_PRECISION,
  at,
  cosine,
  derive,
  figuresAt,
  scoreAll,
  shareNoWord,
  textOf,
  textsOf,
};
