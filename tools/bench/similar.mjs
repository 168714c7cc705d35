// `npm run bench -- similar [--sizes 1000,10000] [--repeat N]`: similar ideas by meaning (issue 38) on a board of each
// size (tools/lib/bench/large-board.mjs, written straight into data.db). Three figures apart, as a CPU-bound model
// would hide the rest: (1) Chorus's own cost of indexing every idea (the job, its SQL and writes, Go's index),
// measured against an instant provider (vectors from a hash of the text); (2) the local stand-in's real model
// (tools/lib/ai-stand-in.mjs, CPU) per idea, in batches of 64 of the same texts, hence the whole re-index's time;
// (3) GET /api/chorus/similar's p50/p95 as a visitor, with the real model embedding each title and every one of the
// 50 neighbours taken through the fusion (CHORUS_AI_MIN_SIMILARITY=-1: the most work), beside search on the same
// words. Never fails on time.
import '../lib/require-node.mjs';
import { createHash } from 'node:crypto';
import { createServer } from 'node:http';
import { startAiStandIn } from '../lib/ai-stand-in.mjs';
import { embeddingTime, untilIndexed } from '../lib/bench/ai-index.mjs';
import { startBenchPocketBase, visitorClient } from '../lib/bench/bench-pocketbase.mjs';
import { seedLargeBoard } from '../lib/bench/large-board.mjs';
import { commandLine } from '../lib/cli.mjs';
import { percentile } from '../lib/stats.mjs';

const { values } = commandLine({
  command: 'bench similar',
  file: import.meta.url,
  synopsis: '[--sizes 1000,10000] [--repeat N] [--model-batches N]',
  options: {
    sizes: { type: 'string', default: '1000,10000' },
    repeat: { type: 'string', default: '60' },
    'model-batches': { type: 'string', default: '4' },
  },
});
const SIZES = values.sizes
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const REPEAT = Math.max(10, Number(values.repeat) || 60);
const MODEL_BATCHES = Math.max(1, Number(values['model-batches']) || 4);
const TITLES = [
  'A night theme for the dashboard',
  'Export my reports as a spreadsheet',
  'Sync with my Google calendar',
  'Work without an internet connection',
  'Dark mode',
  'Slack notifications for new comments',
];

const ms = (start) => performance.now() - start;
const round = (n) => Math.round(n * 10) / 10;
async function timed(run) {
  const times = [];
  for (let i = 0; i < REPEAT; i++) {
    const start = performance.now();
    await run(i);
    times.push(ms(start));
  }
  return { p50: round(percentile(times, 50)), p95: round(percentile(times, 95)) };
}

/** 512 numbers from a hash of the text: an instant provider, so the indexing's own cost shows. */
function hashVector(text) {
  const out = [];
  for (let block = 0; out.length < 512; block++) {
    const digest = createHash('sha256').update(`${block}:${text}`).digest();
    for (let i = 0; i < digest.length && out.length < 512; i += 2) out.push(digest.readInt16LE(i) / 32768);
  }
  return out;
}

const ai = await startAiStandIn();
/** 'instant' (hash vectors) or 'model' (the stand-in's real model), under the stand-in's model name either way. */
let mode = 'instant';
const provider = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', async () => {
    const raw = Buffer.concat(chunks).toString('utf8');
    if (mode === 'model') {
      const answer = await fetch(`${ai.url}/embeddings`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: raw,
      });
      return res.writeHead(answer.status, { 'content-type': 'application/json' }).end(await answer.text());
    }
    const { input } = JSON.parse(raw);
    const texts = typeof input === 'string' ? [input] : input;
    const data = texts.map((text, index) => ({ object: 'embedding', index, embedding: hashVector(text) }));
    res
      .writeHead(200, { 'content-type': 'application/json' })
      .end(JSON.stringify({ object: 'list', data, model: ai.model, usage: { prompt_tokens: 0, total_tokens: 0 } }));
  });
});
await new Promise((done) => provider.listen(0, '127.0.0.1', () => done(undefined)));
const providerUrl = `http://127.0.0.1:${provider.address().port}/v1`;

try {
  const embedOne = await timed(async (i) => {
    const answer = await fetch(`${ai.url}/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: ai.model, input: `${TITLES[i % TITLES.length]} ${i}` }),
    });
    await answer.json();
  });
  console.log(`One title's embedding (stand-in's model, CPU): p50 ${embedOne.p50} ms, p95 ${embedOne.p95} ms`);
  for (const ideas of SIZES) {
    mode = 'instant';
    const bench = await startBenchPocketBase({
      env: { CHORUS_AI_URL: providerUrl, CHORUS_AI_EMBEDDING_MODEL: ai.model, CHORUS_AI_MIN_SIMILARITY: '-1' },
    });
    try {
      const statuses = (await bench.admin.collection('statuses').getFullList()).map((s) => s.id);
      seedLargeBoard(bench.dataDir, { ideas, votes: ideas, comments: 0, boards: [bench.board.id], statuses });
      // (1) Chorus's own indexing cost.
      const start = performance.now();
      const s = await untilIndexed(bench.admin);
      const ownMs = ms(start);
      // (2) The model on the same texts (the first batches of the board's ideas, as the job sends them).
      const texts = (
        await bench.admin.collection('posts').getList(1, 64 * MODEL_BATCHES, { sort: '-created', fields: 'title,body' })
      ).items.map((post) => `${post.title}\n\n${post.body}`);
      const modelPerIdea = (await embeddingTime(ai, texts)) / texts.length;
      console.log(
        `\n${ideas} ideas (${s.dims} dims): Chorus's indexing ${round(ownMs / 1000)} s (${round(ownMs / ideas)} ms an idea); ` +
          `the stand-in's model ${round(modelPerIdea)} ms an idea in batches of 64; ` +
          `a whole re-index with it ≈ ${round((ownMs + modelPerIdea * ideas) / 1000)} s`,
      );
      // (3) The route, with the real model embedding each title.
      mode = 'model';
      const similar = await timed((i) =>
        visitorClient(bench.url, bench.secret).send('/api/chorus/similar', { query: { q: TITLES[i % TITLES.length] } }),
      );
      const search = await timed((i) =>
        visitorClient(bench.url, bench.secret).send('/api/chorus/search', { query: { q: TITLES[i % TITLES.length] } }),
      );
      console.log(`  /api/chorus/similar (words + meaning): p50 ${similar.p50} ms, p95 ${similar.p95} ms`);
      console.log(`  /api/chorus/search (same titles):      p50 ${search.p50} ms, p95 ${search.p95} ms`);
    } finally {
      await bench.stop();
    }
  }
} finally {
  provider.close();
  await ai.stop();
}
