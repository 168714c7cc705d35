// `npm run bench -- similar [--sizes 1000,10000] [--repeat N]`: similar ideas by meaning (issue 38) on a board of each
// size (tools/lib/bench/large-board.mjs, written straight into data.db), with the local AI stand-in (a real small
// English model on this machine's CPU, tools/lib/ai-stand-in.mjs): how long the background indexing takes to embed
// every idea (batches of 64), one title's embedding, and GET /api/chorus/similar's p50/p95 as a visitor with meaning
// and words fused, beside search on the same words. Never fails on time.
import '../lib/require-node.mjs';
import { startAiStandIn } from '../lib/ai-stand-in.mjs';
import { startBenchPocketBase, visitorClient } from '../lib/bench/bench-pocketbase.mjs';
import { seedLargeBoard } from '../lib/bench/large-board.mjs';
import { commandLine } from '../lib/cli.mjs';
import { percentile } from '../lib/stats.mjs';

const { values } = commandLine({
  command: 'bench similar',
  file: import.meta.url,
  synopsis: '[--sizes 1000,10000] [--repeat N]',
  options: { sizes: { type: 'string', default: '1000,10000' }, repeat: { type: 'string', default: '60' } },
});
const SIZES = values.sizes
  .split(',')
  .map(Number)
  .filter((n) => n > 0);
const REPEAT = Math.max(10, Number(values.repeat) || 60);
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

const ai = await startAiStandIn();
try {
  // One title's embedding, straight from the stand-in.
  const embedOne = await timed(async (i) => {
    const answer = await fetch(`${ai.url}/embeddings`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ model: ai.model, input: `${TITLES[i % TITLES.length]} ${i}` }),
    });
    await answer.json();
  });
  console.log(`One title's embedding (stand-in, CPU): p50 ${embedOne.p50} ms, p95 ${embedOne.p95} ms`);
  for (const ideas of SIZES) {
    const bench = await startBenchPocketBase({ env: { CHORUS_AI_URL: ai.url, CHORUS_AI_EMBEDDING_MODEL: ai.model } });
    try {
      const statuses = (await bench.admin.collection('statuses').getFullList()).map((s) => s.id);
      seedLargeBoard(bench.dataDir, { ideas, votes: ideas, comments: 0, boards: [bench.board.id], statuses });
      const status = () => bench.admin.send('/api/chorus/ai/status', {});
      const before = { ...ai.calls };
      const start = performance.now();
      let s = await status();
      while (s.indexed < s.total) {
        await bench.admin.send('/api/crons/chorus_ai_index', { method: 'POST' }).catch(() => {});
        await new Promise((resolve) => setTimeout(resolve, 1000));
        s = await status();
      }
      const indexMs = ms(start);
      const embedded = ai.calls.inputs - before.inputs;
      console.log(
        `\n${ideas} ideas: indexed ${s.indexed}/${s.total} (${s.dims} dims) in ${round(indexMs / 1000)} s, ` +
          `${embedded} texts in ${ai.calls.embeddings - before.embeddings} calls: ${round(indexMs / Math.max(1, embedded))} ms an idea`,
      );
      const similar = await timed((i) =>
        visitorClient(bench.url, bench.secret).send('/api/chorus/similar', { query: { q: TITLES[i % TITLES.length] } }),
      );
      const search = await timed((i) =>
        visitorClient(bench.url, bench.secret).send('/api/chorus/search', { query: { q: TITLES[i % TITLES.length] } }),
      );
      const sample = await visitorClient(bench.url, bench.secret).send('/api/chorus/similar', {
        query: { q: TITLES[0] },
      });
      console.log(`  /api/chorus/similar (words + meaning): p50 ${similar.p50} ms, p95 ${similar.p95} ms`);
      console.log(`  /api/chorus/search (same titles):      p50 ${search.p50} ms, p95 ${search.p95} ms`);
      console.log(`  e.g. "${TITLES[0]}" → ${sample.items.map((item) => `${item.title} (${item.via})`).join('; ')}`);
    } finally {
      await bench.stop();
    }
  }
} finally {
  await ai.stop();
}
