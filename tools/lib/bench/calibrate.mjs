// Calibration per model (issue 61): the three cosines of pb_hooks/lib/ai/thresholds.js derived from the labelled
// pairs (tests/fixtures/duplicates/pairs.json) for one model, and the table pb_hooks/lib/ai/calibrations.js that
// holds them, keyed by provider and model. Each idea is embedded as the index embeds it (title, blank line, body);
// "unrelated" are the cosines of ideas from different pairs (every a against every other pair's b), what any two
// ideas of a board score. A queue sees every pair of a board's ideas, so its points sit in the tail of those:
// - floor: the 99th percentile of unrelated cosines: above it, a cosine says more than "both are feedback";
// - hint: the lowest cosine where the labelled pairs above it are at least half duplicates, and not under the 75th
//   percentile of unrelated cosines (at most a quarter of a board's ideas reach it before ranking picks 3);
// - alone: the lowest cosine from the floor up where the labelled pairs whose titles share no word (only meaning
//   can find those) are at least 90% duplicates, and not under the 99.9th percentile of unrelated cosines (on a
//   board of 1,000 ideas, still about 500 unrelated pairs above it); 1 when no cosine gets there (meaning never
//   queues a pair by itself, it only adds to shared words).
// Two different texts with the same vector (cosine 0.9995 or more) were not read by the model (a script it has no
// words for): they are left out of the derivation, and the hooks ignore such ties too.
import { execFileSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const TARGET_QUEUE_PRECISION = 0.9;
export const TARGET_HINT_PRECISION = 0.5;
export const SAME_VECTOR = 0.9995;
const TABLE = new URL('../../../pb_hooks/lib/ai/calibrations.js', import.meta.url);

/** The hooks' own words of a title (pb_hooks/lib/duplicates/words.js), loaded as PocketBase loads them. */
function hooksModule(path, cache = {}) {
  if (cache[path]) return cache[path];
  const module = { exports: {} };
  const source = readFileSync(new URL(`../../../pb_hooks/${path}`, import.meta.url), 'utf8');
  new Function('module', 'require', '__hooks', source)(
    module,
    (name) => hooksModule(name.replace('HOOKS/', ''), cache),
    'HOOKS',
  );
  cache[path] = module.exports;
  return module.exports;
}
const words = hooksModule('lib/duplicates/words.js');

/** Whether two titles share no word (in the hooks' sense: every script). */
export const shareNoWord = (a, b) => words.overlap(words.wordsOf(a), words.wordsOf(b)).shared.length === 0;

export const textOf = (idea) => `${idea.title.trim()}\n\n${(idea.body || '').replace(/\s+/g, ' ').trim()}`.trim();

export function cosine(a, b) {
  let dot = 0;
  let na = 0;
  let nb = 0;
  for (let i = 0; i < a.length; i += 1) {
    dot += a[i] * b[i];
    na += a[i] * a[i];
    nb += b[i] * b[i];
  }
  return na && nb ? dot / Math.sqrt(na * nb) : 0;
}

const percentile = (values, p) => {
  const sorted = [...values].sort((x, y) => x - y);
  return sorted[Math.min(sorted.length - 1, Math.floor(p * sorted.length))] ?? 0;
};
const round = (n) => Math.round(n * 1000) / 1000;

/** Precision and recall of "cosine ≥ t" over `scored` ([{ duplicate, cosine }]). */
export function at(scored, t) {
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

/**
 * The points for one model from `pairs` and `vectors` (two a pair, a then b, in order).
 * Returns { hint, floor, alone, figures } where figures are what the bench prints.
 */
export function derive(pairs, vectors) {
  const scored = [];
  let unread = 0;
  pairs.forEach((pair, i) => {
    const value = cosine(vectors[2 * i], vectors[2 * i + 1]);
    if (value >= SAME_VECTOR && textOf(pair.a) !== textOf(pair.b)) unread += 1;
    else
      scored.push({ pair, duplicate: pair.duplicate, cosine: value, noWord: shareNoWord(pair.a.title, pair.b.title) });
  });
  const unrelated = [];
  for (let i = 0; i < pairs.length; i += 1) {
    for (let j = 0; j < pairs.length; j += 1) {
      if (j === i) continue;
      const value = cosine(vectors[2 * i], vectors[2 * j + 1]);
      if (value < SAME_VECTOR) unrelated.push(value);
    }
  }
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
const roundAll = (o) => Object.fromEntries(Object.entries(o).map(([k, v]) => [k, round(v)]));

/** The table as the hooks read it. */
export function readTable() {
  const module = { exports: {} };
  new Function('module', readFileSync(TABLE, 'utf8'))(module);
  return module.exports.CALIBRATIONS;
}

/** Writes `entry` ({ provider, model, hint, floor, alone, pairs, measured }) into the table, replacing its model's. */
export function writeEntry(entry) {
  const rows = readTable().filter((one) => !(one.provider === entry.provider && one.model === entry.model));
  rows.push(entry);
  rows.sort((a, b) => `${a.provider} ${a.model}`.localeCompare(`${b.provider} ${b.model}`));
  const body = rows.map((row) => `  ${JSON.stringify(row)},`).join('\n');
  writeFileSync(
    TABLE,
    "// GENERATED by `npm run bench -- duplicates --calibrate` (tools/lib/bench/calibrate.mjs): each embedding model's\n" +
      '// cosines for the hints and the queue (lib/ai/thresholds.js), derived from the labelled pairs; keyed by provider\n' +
      '// and model. `measured`: the pairs, the date, and precision/recall at the points. Run it again, never edit by hand.\n' +
      '// biome-ignore-all lint/suspicious/noApproximativeNumericConstant: measured figures, not constants\n' +
      `const CALIBRATIONS = [\n${body}\n];\n\nmodule.exports = { CALIBRATIONS };\n`,
  );
  // In the project's own style, as any hooks file (biome ci checks it).
  const biome = fileURLToPath(new URL('../../../node_modules/.bin/biome', import.meta.url));
  execFileSync(biome, ['format', '--write', fileURLToPath(TABLE)], { stdio: 'ignore' });
}
