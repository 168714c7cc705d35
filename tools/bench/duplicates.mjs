// `npm run bench -- duplicates`: how well Chorus finds duplicates (issues 38, 61) on the labelled pairs of
// pb_hooks/calibration/pairs.json (817 pairs, 21 languages, each with where it came from), words alone against
// words with a model: precision and recall of the suggestions while typing (a pair counts as suggested when idea b is
// among the three /api/chorus/similar answers for idea a's title) and of the staff queue (the pair is in
// duplicate_suggestions once the chorus_duplicates job has checked every idea), overall and per kind (paraphrases
// also counted apart when their titles share no word), for the provider and model used; plus each suggestion's time
// (p50/p95) and the model's embedding cost per idea and memory. The model is the local stand-in
// (tools/lib/ai-stand-in.mjs), or the operator's when CHORUS_AI_URL, CHORUS_AI_KEY and CHORUS_AI_EMBEDDING_MODEL are
// set. `--calibrate` first derives the model's cosines for the hints and the queue from the pairs
// (pb_hooks/calibration/derive.js, the derivation an admin's run from /admin/ai uses too) and writes them to
// pb_hooks/ai/calibrations.js (tools/lib/bench/calibrate.mjs), which the run then uses.
// `--modes words,model` picks the runs (`--modes none`: only the embedding cost and the calibration); `--pairs N`
// the first N pairs only (a shorter run). Each run prints its phases' seconds. Prints figures; never fails on them.
import '../lib/require-node.mjs';
import { startAiStandIn } from '../lib/ai-stand-in.mjs';
import { untilIndexed } from '../lib/bench/ai-index.mjs';
import { startBenchPocketBase, visitorClient } from '../lib/bench/bench-pocketbase.mjs';
import { derive, readPairs, readTable, shareNoWord, textsOf, writeEntry } from '../lib/bench/calibrate.mjs';
import { commandLine } from '../lib/cli.mjs';
import { percentile } from '../lib/stats.mjs';

const { values } = commandLine({
  command: 'bench duplicates',
  file: import.meta.url,
  synopsis: '[--calibrate] [--modes words,model] [--pairs N]',
  options: {
    calibrate: { type: 'boolean', default: false },
    modes: { type: 'string', default: 'words,model' },
    pairs: { type: 'string', default: '' },
  },
});
const modes = values.modes
  .split(',')
  .map((mode) => mode.trim())
  .filter((mode) => ['words', 'model'].includes(mode));

// `--pairs N`: the first N labelled pairs only (a shorter run; the figures are then of those pairs).
const { pairs: allPairs } = readPairs();
const pairs = values.pairs ? allPairs.slice(0, Number.parseInt(values.pairs, 10)) : allPairs;
const round = (n) => Math.round(n * 1000) / 1000;
const noWord = new Set(pairs.filter((pair) => shareNoWord(pair.a.title, pair.b.title)).map((pair) => pair.id));
const wait = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

/** Precision and recall of `suggested` (pair id → true) against the fixture's answers, overall and per kind. */
function score(suggested, only = () => true) {
  const counts = { tp: 0, fp: 0, fn: 0, tn: 0 };
  for (const pair of pairs.filter(only)) {
    const said = Boolean(suggested.get(pair.id));
    if (pair.duplicate) counts[said ? 'tp' : 'fn'] += 1;
    else counts[said ? 'fp' : 'tn'] += 1;
  }
  const precision = counts.tp + counts.fp ? counts.tp / (counts.tp + counts.fp) : 1;
  const recall = counts.tp + counts.fn ? counts.tp / (counts.tp + counts.fn) : 1;
  return { precision: round(precision), recall: round(recall), ...counts };
}

function report(label, suggested) {
  const all = score(suggested);
  console.log(
    `  ${label}: precision ${all.precision}, recall ${all.recall} (tp ${all.tp}, fp ${all.fp}, fn ${all.fn})`,
  );
  const kinds = {
    'same-words': (pair) => pair.kind === 'same-words',
    paraphrase: (pair) => pair.kind === 'paraphrase',
    '  no word shared': (pair) => pair.kind === 'paraphrase' && noWord.has(pair.id),
    'cross-language': (pair) => pair.kind === 'cross-language',
  };
  for (const [kind, only] of Object.entries(kinds)) {
    const part = score(suggested, only);
    console.log(`    ${kind.padEnd(17)} recall ${part.recall} (${part.tp} of ${part.tp + part.fn})`);
  }
  for (const from of new Set(pairs.map((pair) => pair.from))) {
    const part = score(suggested, (pair) => pair.from === from);
    console.log(`    ${`${from} pairs`.padEnd(17)} precision ${part.precision}, recall ${part.recall}`);
  }
  for (const kind of ['near-miss', 'unrelated']) {
    const part = score(suggested, (pair) => pair.kind === kind);
    console.log(`    ${kind.padEnd(17)} ${part.fp} of ${part.fp + part.tn} suggested`);
  }
}

async function run(mode, ai) {
  const env =
    mode === 'words'
      ? { CHORUS_AI_URL: 'off' }
      : { CHORUS_AI_URL: ai.url, CHORUS_AI_KEY: ai.key, CHORUS_AI_EMBEDDING_MODEL: ai.model };
  const bench = await startBenchPocketBase({ env });
  const phases = {};
  let since = performance.now();
  const lap = (name) => {
    phases[name] = Math.round((performance.now() - since) / 100) / 10;
    since = performance.now();
  };
  try {
    const ids = new Map();
    for (const pair of pairs) {
      for (const side of ['a', 'b']) {
        const idea = pair[side];
        const post = await bench.admin.collection('posts').create({
          board: bench.board.id,
          author: bench.author.id,
          title: idea.title,
          body: idea.body || '',
          approved: true,
        });
        ids.set(`${pair.id}:${side}`, post.id);
      }
    }
    lap('posting');
    if (mode === 'model') await untilIndexed(bench.admin);
    lap('indexing');
    const typing = new Map();
    const times = [];
    for (const pair of pairs) {
      const start = performance.now();
      // A visitor of their own each time: the per-address limit of lookups by meaning is not what is measured.
      const { items } = await visitorClient(bench.url, bench.secret).send('/api/chorus/similar', {
        query: { q: pair.a.title, limit: 3, exclude: ids.get(`${pair.id}:a`) },
      });
      times.push(performance.now() - start);
      typing.set(
        pair.id,
        items.some((item) => item.id === ids.get(`${pair.id}:b`)),
      );
    }
    lap('typing');
    // PocketBase answers a started job at once and runs it on a goroutine of its own; a start while a run still
    // checks leaves the checks to that run (duplicates/queue.js), so starting it again as we wait costs nothing.
    let runs = 0;
    for (;;) {
      runs += 1;
      await bench.admin.send('/api/crons/chorus_duplicates', { method: 'POST' }).catch(() => {});
      const waiting = await bench.admin.collection('duplicate_checks').getList(1, 1);
      if (waiting.totalItems === 0) break;
      await wait(250);
    }
    lap('queue');
    const queued = new Set(
      (await bench.admin.collection('duplicate_suggestions').getFullList({ fields: 'post,candidate' })).map((row) =>
        [row.post, row.candidate].sort().join('|'),
      ),
    );
    const queue = new Map(
      pairs.map((pair) => [pair.id, queued.has([ids.get(`${pair.id}:a`), ids.get(`${pair.id}:b`)].sort().join('|'))]),
    );
    console.log(
      `\n${mode === 'words' ? 'Words alone' : `Words and meaning (openai-compatible, ${ai.model})`}, ${ids.size} ideas:`,
    );
    console.log(
      `  suggestion while typing: p50 ${Math.round(percentile(times, 50))} ms, p95 ${Math.round(percentile(times, 95))} ms`,
    );
    report('while typing (b among the 3 for a)', typing);
    report('staff queue', queue);
    // Pairs of ideas from two different labelled pairs: mostly other needs (a few are the same theme twice).
    const labelled = pairs.filter((pair) => queue.get(pair.id)).length;
    console.log(`    other pairs queued: ${queued.size - labelled} (of ${queued.size} in the queue)`);
    const took = Object.entries(phases).map(([phase, seconds]) => `${phase} ${seconds} s`);
    console.log(`  phases: ${took.join(', ')} (the queue's job started ${runs} times)`);
  } finally {
    await bench.stop();
  }
}

/** Every idea embedded once, in the index job's batches of 64: the vectors (a then b, pair by pair) and the cost. */
async function embedAll(ai) {
  const texts = textsOf(pairs);
  const vectors = [];
  const start = performance.now();
  for (let i = 0; i < texts.length; i += 64) {
    const answer = await fetch(`${ai.url}/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...(ai.key ? { authorization: `Bearer ${ai.key}` } : {}) },
      body: JSON.stringify({ model: ai.model, input: texts.slice(i, i + 64) }),
    });
    if (!answer.ok) throw new Error(`the provider answered HTTP ${answer.status}`);
    vectors.push(...(await answer.json()).data.map((one) => one.embedding));
  }
  const total = performance.now() - start;
  console.log(
    `Embedding ${texts.length} ideas with ${ai.model}: ${Math.round(total)} ms (${Math.round((total / texts.length) * 10) / 10} ms an idea)` +
      (ai.standIn ? `, the stand-in's process at ${Math.round(process.memoryUsage().rss / 2 ** 20)} MB` : ''),
  );
  return vectors;
}

/** Derives the model's points from the pairs and keeps them in the table the hooks read. */
function calibrate(ai, vectors) {
  const { hint, floor, alone, figures } = derive(pairs, vectors);
  const entry = {
    provider: 'openai-compatible',
    model: ai.model,
    hint,
    floor,
    alone,
    pairs: figures.pairs,
    measured: { date: new Date().toISOString().slice(0, 10), ...figures },
  };
  writeEntry(entry);
  console.log(`Calibrated ${ai.model} on ${figures.pairs} pairs: hint ${hint}, floor ${floor}, alone ${alone}`);
  console.log(`  ${JSON.stringify(figures)}`);
}

const external = process.env.CHORUS_AI_URL && process.env.CHORUS_AI_URL !== 'off';
const ai = external
  ? {
      url: process.env.CHORUS_AI_URL.replace(/\/+$/, ''),
      key: process.env.CHORUS_AI_KEY ?? '',
      model: process.env.CHORUS_AI_EMBEDDING_MODEL ?? '',
      stop: async () => {},
    }
  : { ...(await startAiStandIn()), key: '', standIn: true };
try {
  // The model's cost (and the calibration's vectors), unless only words are measured.
  if (values.calibrate || modes.includes('model')) {
    const vectors = await embedAll(ai);
    if (values.calibrate) calibrate(ai, vectors);
  }
  const known = readTable().find((one) => one.model === ai.model);
  console.log(
    known
      ? `Thresholds of ${ai.model}: hint ${known.hint}, floor ${known.floor}, alone ${known.alone} (calibrated on ${known.pairs} pairs)`
      : `${ai.model} has no calibration: the strict defaults (pb_hooks/ai/thresholds.js)`,
  );
  for (const mode of modes) await run(mode, ai);
} finally {
  await ai.stop();
}
