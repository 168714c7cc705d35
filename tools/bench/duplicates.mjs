// `npm run bench -- duplicates`: how well Chorus finds duplicates (issue 38) on the hand-written pairs of
// tests/fixtures/duplicates/pairs.json (248 pairs, 8 languages, 55% duplicates), words alone against words with the
// local model (tools/lib/ai-stand-in.mjs): precision and recall of the suggestions while typing (a pair counts as
// suggested when idea b is among the three /api/chorus/similar answers for idea a's title) and of the staff queue
// (the pair is in duplicate_suggestions once the chorus_duplicates job has checked every idea), overall and per kind;
// plus each suggestion's time (p50/p95) and the model's embedding cost per idea. Prints figures; never fails on them.
import '../lib/require-node.mjs';
import { readFileSync } from 'node:fs';
import { startAiStandIn } from '../lib/ai-stand-in.mjs';
import { embeddingTime, untilIndexed } from '../lib/bench/ai-index.mjs';
import { startBenchPocketBase, visitorClient } from '../lib/bench/bench-pocketbase.mjs';
import { commandLine } from '../lib/cli.mjs';
import { percentile } from '../lib/stats.mjs';

commandLine({ command: 'bench duplicates', file: import.meta.url, synopsis: '', options: {} });

const { pairs } = JSON.parse(
  readFileSync(new URL('../../tests/fixtures/duplicates/pairs.json', import.meta.url), 'utf8'),
);
const round = (n) => Math.round(n * 1000) / 1000;
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
  for (const kind of ['same-words', 'paraphrase', 'cross-language']) {
    const part = score(suggested, (pair) => pair.kind === kind);
    console.log(`    ${kind.padEnd(15)} recall ${part.recall} (${part.tp} of ${part.tp + part.fn})`);
  }
  const nearMiss = score(suggested, (pair) => !pair.duplicate);
  console.log(`    not duplicates: ${nearMiss.fp} of ${nearMiss.fp + nearMiss.tn} suggested`);
}

async function run(mode, ai) {
  const env =
    mode === 'words' ? { CHORUS_AI_URL: 'off' } : { CHORUS_AI_URL: ai.url, CHORUS_AI_EMBEDDING_MODEL: ai.model };
  const bench = await startBenchPocketBase({ env });
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
    if (mode === 'model') await untilIndexed(bench.admin);
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
    for (;;) {
      await bench.admin.send('/api/crons/chorus_duplicates', { method: 'POST' }).catch(() => {});
      const waiting = await bench.admin.collection('duplicate_checks').getList(1, 1);
      if (waiting.totalItems === 0) break;
      await wait(250);
    }
    const queued = new Set(
      (await bench.admin.collection('duplicate_suggestions').getFullList({ fields: 'post,candidate' })).map((row) =>
        [row.post, row.candidate].sort().join('|'),
      ),
    );
    const queue = new Map(
      pairs.map((pair) => [pair.id, queued.has([ids.get(`${pair.id}:a`), ids.get(`${pair.id}:b`)].sort().join('|'))]),
    );
    console.log(`\n${mode === 'words' ? 'Words alone' : `Words and meaning (${ai.model})`}, ${ids.size} ideas:`);
    console.log(
      `  suggestion while typing: p50 ${Math.round(percentile(times, 50))} ms, p95 ${Math.round(percentile(times, 95))} ms`,
    );
    report('while typing (b among the 3 for a)', typing);
    report('staff queue', queue);
  } finally {
    await bench.stop();
  }
}

/** The model's own cost: every idea's text embedded once by the stand-in, in the job's batches of 64. */
async function embeddingCost(ai) {
  const texts = pairs.flatMap((pair) => [pair.a, pair.b]).map((idea) => `${idea.title}\n\n${idea.body || ''}`);
  const total = await embeddingTime(ai, texts);
  console.log(
    `Embedding ${texts.length} ideas with ${ai.model}: ${Math.round(total)} ms (${Math.round((total / texts.length) * 10) / 10} ms an idea)`,
  );
}

const ai = await startAiStandIn();
try {
  await embeddingCost(ai);
  await run('words', ai);
  await run('model', ai);
} finally {
  await ai.stop();
}
